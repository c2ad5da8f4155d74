import { MIB } from '../../app/report/numbers';
import { STREAM_OPS } from '../../app/scenario/aerospike-target';
import type { Scenario } from '../../app/scenario/schema';
import { largestValue } from '../../app/scenario/value-sizes';

/**
 * Young-generation semi-space of a lean scan or query worker (MiB; Node 20's
 * default is 16). A page's records die within a page, so a small young
 * generation frees them as often as a large one, without V8 growing into the
 * large one first: bench:scan measured a 1,000-record page of 1 KB records at
 * about 90 MiB peak RSS instead of 130, for about 8 % fewer records/s.
 */
const LEAN_SEMI_SPACE_MIB = 4;
/** Old space a lean stream worker keeps beside its page: the client, kvscope's worker and their caches. */
const LEAN_OLD_SPACE_BASE_MIB = 48;
/** What V8 holds per record of a page beyond its value: the record, key and digest objects. */
const RECORD_OVERHEAD_BYTES = 512;
/** Pages whose records may be alive at once: the one being taken and the one arriving. */
const PAGES_ALIVE = 2;

/** Node flags of the scenario's load workers (after main's own): the lean heap of a scan or query. */
export function workerExecArgv(s: Scenario): string[] {
  const t = s.target;
  if (t.kind !== 'aerospike' || t.streamHeap !== 'lean') return [];
  if (!Object.entries(s.mix ?? {}).some(([op, w]) => STREAM_OPS.includes(op) && w > 0)) return [];
  const page = Math.ceil((PAGES_ALIVE * t.pageSize * (largestValue(s.valueSize, s.valueSizes) + RECORD_OVERHEAD_BYTES)) / MIB);
  return [`--max-semi-space-size=${LEAN_SEMI_SPACE_MIB}`, `--max-old-space-size=${LEAN_OLD_SPACE_BASE_MIB + page}`];
}
