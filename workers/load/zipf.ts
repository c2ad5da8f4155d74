import type { Rng } from './keys';

/** Terms of zeta summed one by one; past them the tail is an integral (Euler-Maclaurin), exact to far below a draw's resolution. */
const ZETA_EXACT_TERMS = 100_000;

/** zeta(n, theta) = sum of 1 / i^theta for i = 1 to n. */
export function zeta(n: number, theta: number): number {
  const m = Math.min(n, ZETA_EXACT_TERMS);
  let sum = 0;
  for (let i = 1; i <= m; i++) sum += 1 / i ** theta;
  if (n === m) return sum;
  // sum over i = m+1..n of f(i), f(x) = x^-theta: the integral from m to n, plus the end corrections.
  const f = (x: number): number => x ** -theta;
  const df = (x: number): number => -theta * x ** (-theta - 1);
  const integral = (n ** (1 - theta) - m ** (1 - theta)) / (1 - theta);
  return sum + integral + (f(n) - f(m)) / 2 + (df(n) - df(m)) / 12;
}

/**
 * Ranks 0 to n - 1, rank r with weight 1/(r+1)^theta: the method of Gray et
 * al., "Quickly generating billion-record synthetic databases" (SIGMOD 1994),
 * which YCSB uses. One uniform draw and at most one power per rank; the
 * constants are worked out once.
 */
export class Zipf {
  private readonly zetan: number;
  private readonly half: number;
  private readonly alpha: number;
  private readonly eta: number;

  constructor(
    private readonly rng: Rng,
    private readonly n: number,
    theta: number,
  ) {
    this.zetan = zeta(n, theta);
    this.half = 1 + 0.5 ** theta;
    this.alpha = 1 / (1 - theta);
    // With n of 1 or 2 every draw returns in the first two branches: eta is never used.
    this.eta = n > 2 ? (1 - (2 / n) ** (1 - theta)) / (1 - zeta(2, theta) / this.zetan) : 0;
  }

  rank(): number {
    const u = this.rng.next();
    const uz = u * this.zetan;
    if (uz < 1) return 0;
    if (uz < this.half) return 1;
    const r = Math.floor(this.n * (this.eta * u - this.eta + 1) ** this.alpha);
    return r < this.n ? r : this.n - 1;
  }
}

/** Offsets the rank before hashing: the finaliser maps 0 to 0, which would leave the hottest key on index 0. */
const SCATTER_OFFSET = 0x9e3779b9;

/** Scatters a rank over 0 to n - 1 (murmur3's 32-bit finaliser): the hot ranks land far apart. */
export function scatter(rank: number, n: number): number {
  let h = (rank + SCATTER_OFFSET) | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % n;
}
