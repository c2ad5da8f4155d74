/*
 * Addresses a metrics endpoint may never be: whatever the target, kvscope
 * does not read a cloud's instance metadata (credentials live there), a
 * link-local address or no address at all once a second on a scenario's
 * word. Kept apart from the policy in main, which also needs the config.
 */

/** Metadata services by name: the address forms are refused by range below. */
const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

/** An URL's hostname without IPv6 brackets, lower-cased (WHATWG URL has lower-cased a name already). */
export const bareHost = (hostname: string): string => hostname.replace(/^\[|\]$/g, '').toLowerCase();

function ipv4(host: string): number[] | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return undefined;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : undefined;
}

/** An IPv4-mapped IPv6 address as URL writes it, ::ffff:a9fe:a9fe for 169.254.169.254. */
function mappedV4(host: string): number[] | undefined {
  const m = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!m) return undefined;
  const [hi, lo] = [parseInt(m[1], 16), parseInt(m[2], 16)];
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];
}

/** Why kvscope never reads metrics from `hostname`, or undefined when it may (if the policy in main allows the host). */
export function forbiddenMetricsHost(hostname: string): string | undefined {
  const h = bareHost(hostname);
  if (METADATA_NAMES.has(h)) return 'a cloud metadata service, where instance credentials are kept';
  const v4 = ipv4(h) ?? ipv4(h.replace(/^::ffff:/, '')) ?? mappedV4(h);
  if (v4) {
    if (v4[0] === 169 && v4[1] === 254) return 'a link-local address (169.254.0.0/16, where cloud metadata services answer)';
    if (v4[0] === 100 && v4[1] === 100 && v4[2] === 100 && v4[3] === 200)
      return 'a cloud metadata service, where instance credentials are kept';
    if (v4[0] === 0) return 'not an address a server listens on (0.0.0.0/8)';
    if (v4[0] >= 224) return 'a multicast or reserved address';
    return undefined;
  }
  if (h.includes(':')) {
    if (/^fe[89ab][0-9a-f]?:/.test(h)) return 'a link-local address (fe80::/10)';
    if (h === '::') return 'not an address a server listens on (::)';
    if (/^fd00:ec2::254$/.test(h)) return 'a cloud metadata service, where instance credentials are kept';
    if (/^ff[0-9a-f]{2}:/.test(h)) return 'a multicast address';
  }
  return undefined;
}
