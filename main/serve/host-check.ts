import { bareHost } from './origins';

/** `name` or `name:port`; IPv6 only in brackets, as RFC 7230 writes it. */
const HOST_HEADER = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/;

/**
 * Whether a Host header names this server: one of its host names
 * (allowedHostNames), with its port or none. Against DNS rebinding: a
 * hostile name re-pointed at 127.0.0.1 reaches our port, but the browser
 * still sends that name here, and a page served under it would be that
 * site's origin, able to read our answers.
 */
export function isOwnHost(header: string | undefined, hosts: ReadonlySet<string>, port: number): boolean {
  const m = HOST_HEADER.exec(header ?? '');
  if (!m) return false;
  const name = bareHost(m[1] ?? '');
  return hosts.has(name) && (m[2] === undefined || Number(m[2]) === port);
}
