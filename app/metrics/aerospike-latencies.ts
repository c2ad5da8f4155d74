import { bucketKey, latencyCountKey, openBucketKey, type LatencyClass } from './server-latency';
import { US_PER_MS } from '../report/numbers';

const PERCENT = 100;
/** The namespace histograms kvscope reads, and the class each one is. */
const HISTOGRAMS: Readonly<Record<string, LatencyClass>> = { read: 'read', write: 'write' };

/**
 * A node's answer to `latencies:` (Aerospike 5.1+) as per-second rates of
 * server latency counters (app/metrics/server-latency.ts) for namespace `ns`.
 * Each histogram is `NAME:UNIT,OPS_PER_SEC,P0,P1,...` where Pb is the share
 * (%) of operations at or above 2^b units, over the server's last ticker
 * interval (10 s by default): so these are that interval's averages, not
 * this second's, and not counters. A histogram with no data yet (`NAME:`),
 * an error answer or anything not of that shape gives nothing.
 */
export function aerospikeLatencyRates(answer: string, ns: string): Record<string, number> {
  const out: Record<string, number> = {};
  if (/^error/i.test(answer.trim())) return out;
  for (const part of answer.split(';')) {
    const colon = part.indexOf(':');
    const name = part.slice(0, colon).trim();
    const prefix = `{${ns}}-`;
    const cls = name.startsWith(prefix) ? HISTOGRAMS[name.slice(prefix.length)] : undefined;
    if (colon < 0 || !cls) continue;
    const [unit, rate, ...columns] = part.slice(colon + 1).split(',');
    const scale = unit === 'usec' ? 1 : unit === 'msec' ? US_PER_MS : undefined;
    const opsPerSec = Number(rate);
    const over = columns.map(Number);
    if (scale === undefined || !(opsPerSec >= 0) || over.length === 0 || over.some((p) => !(p >= 0 && p <= PERCENT))) continue;
    out[latencyCountKey(cls)] = opsPerSec;
    // Bucket b (b >= 1) holds [2^(b-1), 2^b) units: the share at or above 2^(b-1) minus the share at or above 2^b.
    let above = PERCENT;
    over.forEach((pct, b) => {
      out[bucketKey(cls, 2 ** b * scale)] = (opsPerSec * Math.max(0, above - pct)) / PERCENT;
      above = Math.min(above, pct);
    });
    out[openBucketKey(cls, 2 ** (over.length - 1) * scale)] = (opsPerSec * above) / PERCENT;
  }
  return out;
}
