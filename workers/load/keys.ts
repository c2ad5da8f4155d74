/**
 * Deterministic randomness for the load loop: a small xorshift generator so a
 * seed repeats the same keys and ops, and so the hot path never calls into
 * Math.random's shared state.
 */
export class Rng {
  private s: number;
  constructor(seed: number) {
    // Scramble the seed so neighbouring seeds (worker 0, 1, ...) start far apart.
    let x = (seed ^ 0x9e3779b9) >>> 0;
    x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
    x = (x ^ (x >>> 16)) >>> 0;
    this.s = (x || 0x9e3779b9) | 0;
  }
  /**
   * Uniform in [0, 1). The state is kept as a signed 32-bit integer (the same
   * bits): as an unsigned one it often exceeds a small integer and every call
   * boxed a fresh heap number into a long-lived generator.
   */
  next(): number {
    let x = this.s;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.s = x | 0;
    return (x >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/**
 * The key for index i: lower-case letters (as the seed benchmark's keys),
 * exactly `length` characters, distinct for every i below 26^length.
 */
export function keyFor(i: number, length: number): string {
  let out = '';
  let n = i;
  for (let p = 0; p < length; p++) {
    out = ALPHABET[n % 26] + out;
    n = Math.floor(n / 26);
  }
  return out;
}

/** A value of exactly `size` bytes of printable ASCII, built once per worker. */
export function makeValue(size: number, rng: Rng): string {
  const chars: string[] = new Array(size);
  for (let i = 0; i < size; i++) chars[i] = ALPHABET[rng.int(26)];
  return chars.join('');
}
