/** A chart row: `t` is the run second, every other key one series' value. */
export interface Row {
  t: number;
  [series: string]: number;
}

/** How a series is combined when several seconds share one drawn point. */
export type Reduce = 'mean' | 'max';

/**
 * What thinning needs of a chart: its series' keys and how each merges.
 * A ChartSpec (charts/spec.ts) is one; named here so the data side does not
 * depend on the drawing side.
 */
export interface ReducedSeries {
  series: readonly { key: string; reduce?: Reduce }[];
}
