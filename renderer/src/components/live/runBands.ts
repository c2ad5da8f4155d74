import { useMemo } from 'react';
import type { Band } from '../../charts/Chart';
import { useKv } from '../../store/store';

/** The label of seconds some worker did not report in. */
export const PARTIAL_LABEL = 'fewer workers';

/** The warm-up seconds (0 up to `warmupSeconds`, where the measured phase begins); one stable array per run. */
function useWarmupBand(): readonly Band[] {
  const warmup = useKv((s) => s.live.run?.warmupSeconds ?? 0);
  return useMemo(() => (warmup > 0 ? [{ from: 0, to: warmup, label: 'warm-up' }] : []), [warmup]);
}

/** The warm-up and every stretch of seconds with fewer workers than expected; stable while neither changes. */
export function useRunBands(): readonly Band[] {
  const warmup = useWarmupBand();
  const partial = useKv((s) => s.live.partial);
  return useMemo(
    () =>
      partial.length === 0
        ? warmup
        : [...warmup, ...partial.map((p): Band => ({ from: p.from, to: p.to, label: PARTIAL_LABEL, tone: 'warn' }))],
    [warmup, partial],
  );
}

/**
 * The run's bands and each stretch in which a node was down (a warning),
 * joining or leaving (plain), for the charts drawn per node; stable while
 * none changes.
 */
export function useNodeBands(): readonly Band[] {
  const run = useRunBands();
  const marks = useKv((s) => s.live.nodeMarks);
  return useMemo(
    () =>
      marks.length === 0
        ? run
        : [
            ...run,
            ...marks.map((d): Band => ({
              from: d.from,
              to: d.to,
              label: `${d.id} ${d.state}`,
              ...(d.state === 'down' ? { tone: 'warn' as const } : {}),
            })),
          ],
    [run, marks],
  );
}
