import { z } from 'zod';

/** A host name (letters, digits, dots, hyphens) or an IPv4 or IPv6 address: what a connect can take. */
const HOST = /^([A-Za-z0-9.-]+|[0-9A-Fa-f:]+)$/;

/** A target's `host` setting, refused inline when no connect could take it. */
export const hostField = (dflt = '127.0.0.1') =>
  z
    .string()
    .min(1, 'must not be empty')
    .regex(HOST, 'must be a host name or an IP address (letters, digits, dots and hyphens)')
    .default(dflt);
