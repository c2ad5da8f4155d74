import { outcomeOf, type OutcomeKind } from '../../../../app/metrics/outcome';
import type { Summary } from '../../../../app/metrics/summary';
import type { LiveSample } from '../../../../app/protocol/bridge';
import { isPartial } from '../../../../app/metrics/sample';

/** The badge's CSS class per outcome: a caveat looks like a warning, a failure like one. */
export const OUTCOME_CLASS: Record<OutcomeKind, string> = {
  done: 'phase-done',
  'done with errors': 'phase-degraded',
  degraded: 'phase-degraded',
  failed: 'phase-failed',
  stopped: 'phase-stopped',
  interrupted: 'phase-interrupted',
};

interface Verdict {
  label: string;
  className: string;
  /** The line under the badge; empty when there is nothing to say. */
  reason: string;
}

/** What the Live header says about a run: its outcome once it has ended, the missing workers while it runs. */
export function verdictOf(summary: Summary | null, last: LiveSample | null): Verdict | null {
  if (summary) {
    const o = outcomeOf(summary);
    return { label: o.kind, className: OUTCOME_CLASS[o.kind], reason: o.reason };
  }
  if (last && isPartial(last) && last.strength) {
    return {
      label: '',
      className: '',
      reason: `${last.strength.reporting} of ${last.strength.expected} workers reporting in second ${last.second}`,
    };
  }
  return null;
}
