/** The load both sides of bench:callgrind run: redis-mix's shape, one connection, a closed loop. */
export const CALLGRIND_LOAD = {
  inFlight: 32,
  keySpace: 100_000,
  keyLength: 16,
  valueSize: 1024,
  getShare: 0.5,
  seed: 1,
} as const;

/** The bare loop, the bare loop measuring each answer (the floor: bench/measured-loop.ts), kvscope's loop. */
export const SIDES = ['bare', 'floor', 'kvscope'] as const;
export type Side = (typeof SIDES)[number];
/** What a side's child writes once connected, uninstrumented; a line back on its stdin starts its operations, instrumented (main.ts). */
export const READY = 'ready\n';
