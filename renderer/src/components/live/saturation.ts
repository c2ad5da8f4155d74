/**
 * A worker whose event loop is this busy limits the numbers itself. Mirrors
 * SATURATED_ELU in app/metrics/summary.ts, which cannot be imported here
 * because that module loads the HDR histogram library.
 */
export const SATURATION_ELU = 0.9;
