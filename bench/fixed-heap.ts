/**
 * The young generation of every load client of a CPU benchmark: kvscope's
 * workers (through Run's worker flags), the bare loops (run-bare.ts) and
 * the agents' workers (bench:agents starts agents with it). V8 sizes it by
 * itself, 1 to 16 MiB per semi-space, grown when much survives, and that
 * decision alone moved the same bare Hazelcast loop's CPU per operation by
 * 20 to 29 % between two processes of the same code, whichever side it hit
 * (docs/benchmarks.md, "The young generation, fixed"). Fixed at V8's own
 * ceiling on both sides, they differ only in their code. Main and the
 * monitor keep Node's defaults, as in any run: with this heap an
 * idle-most-of-the-time monitor cost about twice its usual CPU.
 */
export const FIXED_HEAP_FLAGS: readonly string[] = ['--min-semi-space-size=16', '--max-semi-space-size=16'];

/** The line a benchmark prints under its title. */
export const fixedHeapLine = (): string =>
  `heap: kvscope's workers and the bare loops run with ${FIXED_HEAP_FLAGS.join(' ')} (a fixed young generation: V8's own sizing moves a client's CPU per operation by up to 29 %); main and the monitor keep Node's defaults`;
