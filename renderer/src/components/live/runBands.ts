import { useMemo } from 'react';
import type { Band } from '../../charts/Chart';
import { useKv } from '../../store/store';

/** The warm-up seconds (0 up to `warmupSeconds`, where the measured phase begins); one stable array per run. */
export function useWarmupBand(): readonly Band[] {
  const warmup = useKv((s) => s.live.run?.warmupSeconds ?? 0);
  return useMemo(() => (warmup > 0 ? [{ from: 0, to: warmup, label: 'warm-up' }] : []), [warmup]);
}
