import type { LiveSample, LiveState, PushChannel, Pushes, RunInfo } from '../../../app/protocol/bridge';
import type { Summary } from '../../../app/metrics/summary';
import type { LogEntry } from '../../../app/run/format';
import type { ChartRows } from '../chart-data/chartRows';
import type { Stretch } from './partial';
import type { NodeMark } from '../../../app/metrics/node-marks';
import type { EarlierStep } from '../chart-data/earlier';

/** One push as it waits in the stream hook's batch. */
export type PushEvent = { [P in PushChannel]: { channel: P; data: Pushes[P] } }[PushChannel];

export function pushEvent<P extends PushChannel>(channel: P, data: Pushes[P]): PushEvent {
  // TypeScript cannot narrow a generic pair into the union; the Bridge types guarantee they match.
  return { channel, data } as PushEvent;
}

export type LivePhase = LiveState['phase'];

/** The run the Live page shows. */
export interface LiveRun {
  run: RunInfo | null;
  phase: LivePhase;
  /** The seconds held for the charts (chartRows.ts). */
  rows: ChartRows;
  /** The newest second in full, for the tiles, the node table and the latency buckets. */
  last: LiveSample | null;
  logs: LogEntry[];
  summary: Summary | null;
  /** The run's measured seconds so far, summarized as the final summary will be (from the newest sample push). */
  soFar: Summary | null;
  file: string | null;
  /** Seconds with fewer workers than expected, shaded in the charts. */
  partial: readonly Stretch[];
  /** Seconds in which a node was down, shaded in the per-node charts. */
  nodeMarks: readonly NodeMark[];
  /** Earlier steps of the sweep or repeat on screen, drawn faded under this one. */
  earlier: readonly EarlierStep[];
}

export type Page = 'scenarios' | 'live' | 'runs' | 'compare';
