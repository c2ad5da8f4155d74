/** Bindings reachable from this machine only. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/**
 * What to tell the user about who can reach the dashboard. Off loopback the
 * secret still guards every page and socket, but over plain HTTP anyone on
 * the path reads it (and the session cookie) off the wire.
 */
export function exposureWarnings(host: string, tls: boolean): string[] {
  if (LOOPBACK.has(host.toLowerCase())) return [];
  const reach = `warning: listening on ${host}: anyone who can reach this port and has the token can start and stop benchmarks`;
  if (tls) return [reach];
  return [
    reach,
    'warning: this is plain HTTP: the traffic, token and cookie included, is clear text on the network; give --tls-cert FILE --tls-key FILE for HTTPS',
  ];
}
