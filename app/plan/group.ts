/** Written into each run's header so the library can show runs that belong together (no Node imports: the renderer reads it too). */
export interface RunGroup {
  kind: 'repeat' | 'sweep';
  id: string;
  index: number;
  count: number;
  setting?: string;
  value?: unknown;
}

// Bounds keep a typo from queueing days of load.
export const MAX_REPEAT = 50;
export const MAX_SWEEP_VALUES = 20;
