import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NatsConnection } from '@nats-io/nats-core';
import { SUBJECTS, type Heartbeat } from '../../app/protocol/agent';
import type { Scenario } from '../../app/scenario/schema';
import { AgentDirectory, FIRST_LISTEN_MS } from '../../main/nats/agent-directory';
import { placeScenario } from '../../main/engine/place';

/** A NATS connection carrying only the heartbeats `beat` delivers, as the server would. */
function fakeNats() {
  let deliver: ((err: unknown, m: { subject: string; data: Uint8Array }) => void) | undefined;
  const nc = {
    subscribe: (_subject: string, opts: { callback: typeof deliver }) => {
      deliver = opts.callback;
      return { unsubscribe: () => (deliver = undefined) };
    },
  } as unknown as NatsConnection;
  const beat = (name: string, subject = SUBJECTS.heartbeat(name)): void => {
    const hb: Heartbeat = { name, host: `${name}-host`, cores: 1, memoryBytes: 1, node: 'v20', kvscope: '0' };
    deliver?.(null, { subject, data: new TextEncoder().encode(JSON.stringify(hb)) });
  };
  return { nc, beat };
}

/** Whether `p` has resolved once the pending microtasks and timers due now have run. */
async function resolvedNow(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('the agents directory, settled before a run is placed or agents are listed', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('is settled as soon as every agent named has been heard, before a heartbeat and a half', async () => {
    const { nc, beat } = fakeNats();
    const directory = new AgentDirectory(nc);
    const settled = directory.settled(['a1', 'a2']);
    beat('a1');
    expect(await resolvedNow(settled)).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    beat('a2');
    expect(await resolvedNow(settled)).toBe(true);
    expect(directory.free()).toEqual(['a1', 'a2']);
    directory.close();
  });

  it('is settled at once when the agents named were heard before it was asked', async () => {
    const { nc, beat } = fakeNats();
    const directory = new AgentDirectory(nc);
    beat('a1');
    expect(await resolvedNow(directory.settled(['a1']))).toBe(true);
    expect(await resolvedNow(directory.settled([]))).toBe(true);
    directory.close();
  });

  it('waits the whole heartbeat and a half for a named agent not heard, and for every agent when none is named', async () => {
    const { nc, beat } = fakeNats();
    const directory = new AgentDirectory(nc);
    const missing = directory.settled(['a1', 'gone']);
    const every = directory.settled();
    beat('a1');
    // A heartbeat naming another agent than its subject's does not count for it.
    beat('gone', SUBJECTS.heartbeat('a1'));
    await vi.advanceTimersByTimeAsync(FIRST_LISTEN_MS - 1);
    expect(await resolvedNow(missing)).toBe(false);
    expect(await resolvedNow(every)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await resolvedNow(missing)).toBe(true);
    expect(await resolvedNow(every)).toBe(true);
    expect(directory.list().map((e) => e.heartbeat.name)).toEqual(['a1']);
    // Once the directory has listened that long, it is settled at once.
    expect(await resolvedNow(directory.settled(['gone']))).toBe(true);
    directory.close();
  });

  it('places a run on the agents it names once they are heard; "*" waits for every agent to have spoken', async () => {
    const { nc, beat } = fakeNats();
    const link = { nc, directory: new AgentDirectory(nc) };
    const scenario = (agents: Record<string, number>) => ({ workers: 1, placement: { local: 0, agents } }) as unknown as Scenario;
    const named = placeScenario(scenario({ a1: 2 }), link);
    const every = placeScenario(scenario({ '*': 1 }), link);
    beat('a1');
    expect(await resolvedNow(named)).toBe(true);
    expect(await named).toMatchObject({ workers: 2, placement: { local: 0, agents: { a1: 2 } } });
    expect(await resolvedNow(every)).toBe(false);
    beat('a2');
    await vi.advanceTimersByTimeAsync(FIRST_LISTEN_MS);
    expect(await every).toMatchObject({ workers: 2, placement: { local: 0, agents: { a1: 1, a2: 1 } } });
    link.directory.close();
  });
});
