/**
 * A serve setting the user gave that cannot work (a token file, a certificate):
 * the message names the flag and the reason, and the command treats it as
 * bad usage (exit 2), not as a failure of the server.
 */
export class ServeConfigError extends Error {}
