/**
 * Median and spread of one figure across repeated runs, with outliers
 * marked: a repeat that stands apart (a noisy neighbour, a GC storm) should
 * be seen, not averaged in.
 */
interface RepeatStats {
  n: number;
  median: number;
  min: number;
  max: number;
  /** (max - min) / median, 0 for a single run. */
  spread: number;
  /** Median absolute deviation from the median. */
  mad: number;
  /** Indexes (into the input) of the outliers. */
  outliers: number[];
}

/**
 * A point is an outlier when its modified z-score, 0.6745 × |x − median| / MAD,
 * exceeds 3.5 (Iglewicz and Hoaglin's rule): robust to the outlier itself,
 * unlike a mean and standard deviation. It needs three or more runs.
 */
const OUTLIER_Z = 3.5;
const MAD_TO_Z = 0.6745;
const MIN_FOR_OUTLIERS = 3;

export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('median of no values');
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function repeatStats(xs: readonly number[]): RepeatStats {
  const m = median(xs);
  const mad = median(xs.map((x) => Math.abs(x - m)));
  const outliers: number[] = [];
  if (xs.length >= MIN_FOR_OUTLIERS) {
    xs.forEach((x, i) => {
      // With MAD 0 most runs are identical: any run that differs stands apart.
      const z = mad === 0 ? (x === m ? 0 : Infinity) : (MAD_TO_Z * Math.abs(x - m)) / mad;
      if (z > OUTLIER_Z) outliers.push(i);
    });
  }
  const min = Math.min(...xs);
  const max = Math.max(...xs);
  return { n: xs.length, median: m, min, max, spread: m === 0 ? 0 : (max - min) / m, mad, outliers };
}
