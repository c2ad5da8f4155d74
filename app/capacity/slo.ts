import { ThresholdsSchema, type Thresholds } from '../metrics/thresholds';

/** How a `--slo` latency may be written, in ms. */
const UNIT_MS: Readonly<Record<string, number>> = { us: 0.001, µs: 0.001, ms: 1, s: 1000 };
const LATENCY = /^(p99|p99\.9|p999)\s*<\s*(\d+(?:\.\d+)?)\s*(us|µs|ms|s)$/;
const ERRORS = /^errors\s*<\s*(\d+(?:\.\d+)?)\s*%$/;

/** A refused objective: `reason` for a form's field, the message (the flag named) for the command line. */
export class SloError extends Error {
  constructor(readonly reason: string) {
    super(`--slo: ${reason}`);
  }
}

/**
 * A service-level objective as kvscope's thresholds: `p99<2ms`,
 * `p99.9<10ms`, `errors<0.1%`, comma-separated. Each condition is a ceiling
 * judged over a step's measured seconds.
 */
export function parseSlo(spec: string): Thresholds {
  const out: Thresholds = {};
  const parts = spec.split(',').map((p) => p.trim());
  if (parts.every((p) => p === '')) throw new SloError('needs at least one condition, e.g. "p99<2ms,errors<0.1%"');
  for (const part of parts) {
    if (part === '') continue;
    const l = LATENCY.exec(part);
    const e = ERRORS.exec(part);
    if (l) out[l[1] === 'p99' ? 'p99Ms' : 'p999Ms'] = Number(l[2]) * UNIT_MS[l[3]];
    else if (e) out.errorRate = Number(e[1]) / 100;
    else throw new SloError(`"${part}" is not a condition: write p99<2ms, p99.9<10ms (us, ms or s) or errors<0.1%, comma-separated`);
  }
  const checked = ThresholdsSchema.safeParse(out);
  if (!checked.success) throw new SloError(`${checked.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return checked.data;
}

/** `p99 < 2 ms, errors < 0.1 %`: the objective in words. */
export function sloText(t: Thresholds): string {
  const parts: string[] = [];
  if (t.p99Ms !== undefined) parts.push(`p99 < ${t.p99Ms} ms`);
  if (t.p999Ms !== undefined) parts.push(`p99.9 < ${t.p999Ms} ms`);
  if (t.errorRate !== undefined) parts.push(`errors < ${Number((t.errorRate * 100).toPrecision(4))} %`);
  return parts.join(', ');
}
