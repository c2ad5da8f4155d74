/**
 * How many runs one comparison takes. Free of imports, so the Bridge schemas
 * (bundled into the sandboxed preload) and the window use them without the
 * statistics code.
 */
export const MIN_RUNS = 2;
/** More overlaid lines than this stop being readable. */
export const MAX_RUNS = 8;
/** Groups of runs (repeats of each side) compared at once: a sweep's values at most. */
export const MIN_GROUPS = 2;
export const MAX_GROUPS = 20;
/** Runs over all groups: 8 a side for two sides, as many lines as an overlay chart can still show. */
export const MAX_GROUP_RUNS = 16;
