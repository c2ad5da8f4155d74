import { z } from 'zod';

/** Most Prometheus endpoints a target lists: one per member of a large cluster. */
const MAX_METRICS_URLS = 64;

/**
 * Each node's Prometheus endpoint, read every second for the node's own
 * counts, latency and memory through the metrics map of its kind. Only
 * http(s) URLs; a #fragment names the node (e.g. `http://10.0.0.5:9100/metrics#10.0.0.5:5701`).
 */
export const metricsUrlsField = () =>
  z
    .array(
      z
        .string()
        .url()
        .refine((u) => /^https?:\/\//i.test(u), 'an http:// or https:// URL'),
    )
    .max(MAX_METRICS_URLS)
    .default([]);

/** The metrics map a target's endpoints are read with (`metrics-maps/NAME.json` in the config folder); its kind when omitted. */
export const metricsMapField = () =>
  z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'a map name: lower-case letters, digits and dashes')
    .optional();
