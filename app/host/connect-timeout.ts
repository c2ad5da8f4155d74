/**
 * How long a connect to a target may take before it fails: a host that drops
 * SYNs (a firewall, a wrong address) would otherwise hang a connect for a
 * client's own default (10 s for ioredis, minutes for a bare socket). One
 * value for the load drivers, the monitor and the benches alike.
 */
export const CONNECT_TIMEOUT_MS = 5_000;
