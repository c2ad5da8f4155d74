/** A plot's time axis in pixels: the drawn area's left edge and width, and the seconds it spans. */
interface TimeScale {
  /** Pixel of second `t`, counted from the plot area's left edge. */
  x(t: number): number;
  /** The second under pixel `px` (from the plot area's left edge). */
  t(px: number): number;
}

/**
 * The time axis as plain arithmetic, not a recharts axis: the frame's time
 * axis is drawn by the page itself (TimeAxis, PlotBands), so a step of the
 * sliding window moves a few lines and labels instead of re-rendering the
 * recharts frame.
 */
export function timeScale(domain: readonly [number, number], width: number): TimeScale {
  const [lo, hi] = domain;
  const perSecond = hi === lo ? 0 : width / (hi - lo);
  return {
    x: (t) => (t - lo) * perSecond,
    t: (px) => (perSecond === 0 ? lo : lo + px / perSecond),
  };
}
