import { hostname, networkInterfaces } from 'node:os';

/** Addresses that mean "every interface": the page may be opened by any name of this machine. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * The host names a page of this server can legitimately have. Only these may
 * open the Bridge: another web page the user visits (a different origin), or
 * one whose DNS name was rebound to 127.0.0.1 (an unknown host name), must not
 * be able to start benchmarks through the local API.
 */
export function allowedHostNames(bound: string): Set<string> {
  const names = new Set<string>([bareHost(bound)]);
  if (LOOPBACK_HOSTS.has(bareHost(bound)) || WILDCARD_HOSTS.has(bound)) {
    for (const h of LOOPBACK_HOSTS) names.add(h);
  }
  if (WILDCARD_HOSTS.has(bound)) {
    // Bound to every interface (a load box reached over the network): any
    // address or the name of this machine, and nothing else.
    names.add(hostname().toLowerCase());
    for (const list of Object.values(networkInterfaces())) {
      for (const a of list ?? []) names.add(bareHost(a.address));
    }
  }
  names.delete('');
  return names;
}

type PageScheme = 'http:' | 'https:';

/** True when `origin` (the Origin header of an upgrade) is this server's own: its scheme, a known host name, our port. */
export function isOwnOrigin(origin: string | undefined, hosts: Set<string>, port: number, scheme: PageScheme = 'http:'): boolean {
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const urlPort = url.port === '' ? DEFAULT_PORTS[scheme] : Number(url.port);
  return url.protocol === scheme && hosts.has(bareHost(url.hostname)) && urlPort === port;
}

/** The port a browser leaves out of an Origin for each scheme. */
const DEFAULT_PORTS: Readonly<Record<PageScheme, number>> = { 'http:': 80, 'https:': 443 };

/** Lower-case, IPv6 without brackets, so '[::1]' and '::1' compare equal. */
export function bareHost(h: string): string {
  return h.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/** The address to print for a bound host: a wildcard is reached on loopback from this machine. */
export function urlHost(bound: string): string {
  const h = WILDCARD_HOSTS.has(bound) ? '127.0.0.1' : bound;
  return h.includes(':') ? `[${h}]` : h;
}
