/** Written into each run's header so the library can show runs that belong together (no Node imports: the renderer reads it too). */
export interface RunGroup {
  /** capacity: the steps of a capacity search (kvscope capacity), each known by its rate (null: the closed-loop probe). */
  kind: 'repeat' | 'sweep' | 'capacity';
  id: string;
  index: number;
  count: number;
  /** The swept setting and this run's value; in a grid, the outer (first) setting, by which its comparison groups. */
  setting?: string;
  value?: unknown;
  /** A grid sweep's every setting with this run's value, outer first (absent for a sweep of one setting). */
  cell?: SweptValue[];
}

export interface SweptValue {
  setting: string;
  value: unknown;
}

// Bounds keep a typo from queueing days of load.
export const MAX_REPEAT = 50;
export const MAX_SWEEP_VALUES = 20;
/** A grid sweeps at most this many settings at once, its cells (the product of their value counts) at most MAX_SWEEP_CELLS. */
export const MAX_SWEEP_SETTINGS = 3;
export const MAX_SWEEP_CELLS = MAX_SWEEP_VALUES;
/** A run's label, as the Runs page edits it and `--label` gives it. */
export const MAX_LABEL_LENGTH = 200;
