import type { RunInfo } from '../../../../app/protocol/bridge';
import { isFinalPhase } from '../../store/live';
import type { LivePhase } from '../../store/types';

interface Progress {
  elapsed: number;
  total: number;
  remaining: number;
  /** 0..1 over warm-up and run together. */
  fraction: number;
  /** Where warm-up ends on the bar, 0..1. */
  warmupFraction: number;
}

/**
 * Progress through warm-up and run, counted in merged seconds (second 0 is the
 * first after t0). A run that ended normally is full, even when an operation
 * budget finished it before its time limit.
 */
export function runProgress(run: RunInfo, phase: LivePhase, lastSecond: number | undefined): Progress {
  const total = run.warmupSeconds + run.runSeconds;
  let elapsed = lastSecond === undefined ? 0 : Math.min(total, lastSecond + 1);
  if (phase === 'done') elapsed = total;
  const safeTotal = Math.max(1, total);
  return {
    elapsed,
    total,
    remaining: isFinalPhase(phase) ? 0 : total - elapsed,
    fraction: elapsed / safeTotal,
    warmupFraction: run.warmupSeconds / safeTotal,
  };
}

const PHASE_LABELS: Record<LivePhase, string> = {
  idle: 'Idle',
  starting: 'Starting',
  warmup: 'Warm-up',
  running: 'Running',
  stopping: 'Stopping',
  done: 'Done',
  stopped: 'Stopped',
  failed: 'Failed',
  interrupted: 'Interrupted',
};

export const phaseLabel = (p: LivePhase): string => PHASE_LABELS[p];
