import { parseScenario } from '../../app/scenario/schema';
import type { Driver, DriverContext } from '../../workers/load/driver';
import { createAerospikeDriver } from '../../workers/load/drivers/aerospike/driver';

export interface Harness {
  driver: Driver;
  ctx: DriverContext;
  logs: string[];
}

/** A driver for worker 0 of a scenario against the test node at `hosts`. */
export function harness(hosts: string, target: Record<string, unknown> = {}, scenario: Record<string, unknown> = {}): Harness {
  const logs: string[] = [];
  const ctx: DriverContext = {
    scenario: parseScenario({ target: { kind: 'aerospike', hosts, ...target }, keySpace: 1000, keyLength: 8, valueSize: 100, ...scenario }),
    workerId: 0,
    io: { bytesIn: 0, bytesOut: 0 },
    log: (level, message) => void logs.push(`${level}: ${message}`),
  };
  return { driver: createAerospikeDriver(ctx), ctx, logs };
}

/** Connects, runs `body`, and always closes the driver. */
export async function withDriver(h: Harness, body: (d: Driver) => Promise<void>): Promise<void> {
  try {
    await h.driver.connect();
    await body(h.driver);
  } finally {
    await h.driver.close();
  }
}

/** The rejection of a promise that must fail. */
export async function rejection(p: Promise<unknown>): Promise<Error & { code?: number }> {
  try {
    await p;
  } catch (err) {
    return err as Error & { code?: number };
  }
  throw new Error('expected a rejection');
}
