/**
 * How many runs one comparison takes. Free of imports, so the Bridge schemas
 * (bundled into the sandboxed preload) and the window use them without the
 * statistics code.
 */
export const MIN_RUNS = 2;
/** More overlaid lines than this stop being readable. */
export const MAX_RUNS = 8;
