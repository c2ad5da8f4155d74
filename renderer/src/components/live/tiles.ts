import type { LiveSample } from '../../../../app/protocol/bridge';
import type { TargetKind } from '../../../../app/scenario/targets';
import { BYTES_PER_MIB, readWrite, US_PER_MS } from '../../chart-data/shape';
import { NO_FIGURE, plainNumber } from '../../../../app/report/numbers';

interface TileValue {
  id: 'ops' | 'reads' | 'writes' | 'errors' | 'unavailable' | 'p50' | 'p99' | 'memory' | 'nodes';
  label: string;
  /** A plain number, or '–' before the first second (and for latencies of a second in which nothing succeeded). */
  value: string;
  unit: string;
  alert?: boolean;
}

const MS_DECIMALS = 2;
const MIB_DECIMALS = 1;

/** The headline numbers of the newest second. Ops are successful operations, as in the terminal's live line. */
export function tileValues(s: LiveSample | undefined, kind: TargetKind): TileValue[] {
  const rw = s ? readWrite(s, kind) : undefined;
  const int = (n: number | undefined) => (n === undefined ? NO_FIGURE : plainNumber(n, 0));
  // With no successful operation the histogram is empty: its 0 is no latency.
  const answered = (s?.totals.count ?? 0) > 0;
  const ms = (us: number | undefined) => (us === undefined || !answered ? NO_FIGURE : plainNumber(us / US_PER_MS, MS_DECIMALS));
  const errors = s ? s.totals.errors + s.totals.timeouts : undefined;
  const unavailable = s ? Object.values(s.ops).reduce((a, o) => a + (o.unavailable ?? 0), 0) : undefined;
  const rss = s?.workers.reduce((a, w) => a + w.mem.rss, 0);
  return [
    { id: 'ops', label: 'Total', value: int(s?.totals.count), unit: 'ops/s' },
    { id: 'reads', label: 'Reads', value: int(rw?.readsOk), unit: '/s' },
    { id: 'writes', label: 'Writes', value: int(rw?.writesOk), unit: '/s' },
    { id: 'errors', label: 'Errors', value: int(errors), unit: '/s', alert: (errors ?? 0) > 0 },
    { id: 'unavailable', label: 'Unavailable', value: int(unavailable), unit: '/s', alert: (unavailable ?? 0) > 0 },
    { id: 'p50', label: 'p50', value: ms(s?.latency.p50), unit: 'ms' },
    { id: 'p99', label: 'p99', value: ms(s?.latency.p99), unit: 'ms' },
    {
      id: 'memory',
      label: 'Client memory',
      value: rss === undefined ? NO_FIGURE : plainNumber(rss / BYTES_PER_MIB, MIB_DECIMALS),
      unit: 'MiB',
    },
    { id: 'nodes', label: 'Nodes', value: int(s?.nodes.length), unit: '' },
  ];
}
