import { z } from 'zod';
import { forbiddenMetricsHost } from './metrics-address';

/** Most Prometheus endpoints a target lists: one per member of a large cluster. */
const MAX_METRICS_URLS = 64;

/**
 * Each node's Prometheus endpoint, read every second for the node's own
 * counts, latency and memory through the metrics map of its kind. Only
 * http(s) URLs without credentials, never a metadata or link-local address
 * (metrics-address.ts); main admits only the target's own hosts or those the
 * user lists (main/policy/metrics-hosts.ts). A #fragment names the node
 * (e.g. `http://10.0.0.5:9100/metrics#10.0.0.5:5701`).
 */
export const metricsUrlsField = () =>
  z
    .array(
      z
        .string()
        .url()
        .refine((u) => /^https?:\/\//i.test(u), 'an http:// or https:// URL')
        .superRefine((u, ctx) => {
          let url: URL;
          try {
            url = new URL(u);
          } catch {
            return;
          }
          // Read once a second and shown in the log: a password has no place in it (Basic auth goes nowhere else either).
          if (url.username || url.password) ctx.addIssue({ code: 'custom', message: 'must not carry a user or password' });
          const why = forbiddenMetricsHost(url.hostname);
          if (why) ctx.addIssue({ code: 'custom', message: `${url.hostname} is ${why}: kvscope never reads metrics there` });
        }),
    )
    .max(MAX_METRICS_URLS)
    .default([]);

/** The metrics map a target's endpoints are read with (`metrics-maps/NAME.json` in the config folder); its kind when omitted. */
export const metricsMapField = () =>
  z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'a map name: lower-case letters, digits and dashes')
    .optional();
