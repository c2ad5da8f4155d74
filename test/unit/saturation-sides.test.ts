import { describe, expect, it } from 'vitest';
import { machineShared, saturation, SATURATED_MACHINE_CPU } from '../../app/metrics/limits';
import type { MachineReading, Sample } from '../../app/metrics/sample';
import { mergeTicks } from '../../app/metrics/merge-ticks';
import { summarize } from '../../app/metrics/summary';
import { saturationNotes } from '../../app/report/saturation-text';
import { summaryTable } from '../../main/cli/summary-table';
import { rep, tick } from './helpers';

/** One worker filling a core on a two-core machine. */
const second = (k: number, machine?: MachineReading): Sample => ({
  ...mergeTicks(k, 'run', 0, [tick(0, k, { get: { values: rep(100, 10) } }, { elu: 0.8, cpu: 0.95 })]),
  ...(machine ? { machine } : {}),
});
const server = (cpu: number) => [{ name: 'built-in server', cpu }];

describe('which side limited a saturated second', () => {
  it('is the machine as a whole when it is full with the target on it, even if a worker fills its core', () => {
    const s = second(0, { cpu: 0.98, cores: 2, servers: server(0.97) });
    expect(saturation(s)).toMatchObject({ limit: 'shared-machine', machine: true });
    expect(saturation(s).workers.map((w) => w.id)).toEqual([0]);
    expect(machineShared(s)).toBe(true);
  });

  it('is the client when the machine has room, with the target on it or not', () => {
    expect(saturation(second(0, { cpu: SATURATED_MACHINE_CPU - 0.01, cores: 2, servers: server(0.4) })).limit).toBe('client');
    expect(saturation(second(0, { cpu: 0.99, cores: 2 })).limit).toBe('client');
    expect(saturation(second(0)).limit).toBe('client');
  });

  it('is nobody when neither a worker nor the machine is full', () => {
    const idle = {
      ...second(0),
      workers: [{ id: 0, elu: 0.2, cpu: 0.3, mem: { rss: 1, heapUsed: 1, external: 0 }, inFlight: 1, backlog: 0 }],
    };
    expect(saturation({ ...idle, machine: { cpu: 0.5, cores: 2, servers: server(0.5) } }).limit).toBeUndefined();
  });

  it('is counted apart in the summary and said apart in the terminal and the Live summary', () => {
    const seconds = [
      second(0, { cpu: 0.98, cores: 2, servers: server(0.97) }),
      second(1, { cpu: 0.99, cores: 2, servers: server(0.9) }),
      second(2, { cpu: 0.6, cores: 2, servers: server(0.2) }),
    ];
    const sum = summarize(seconds, 'done');
    expect(sum.saturatedSeconds).toBe(3);
    expect(sum.sharedMachineSeconds).toBe(2);
    const notes = saturationNotes(sum);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^The client was saturated .* for 1 s: those seconds are limited by kvscope’s client, not the target\.$/);
    expect(notes[1]).toMatch(/^The machine was saturated \(its CPU over 90%\) with the target running on it for 2 s: .*machine as a whole/);
    const printed = summaryTable(sum);
    expect(printed).toMatch(/warning: The client was saturated .* for 1 s/);
    expect(printed).toMatch(/warning: The machine was saturated .* for 2 s: kvscope's client and the target took CPU from each other/);
    // No shared seconds, no word of them: an old summary without the field reads as before.
    expect(saturationNotes({ saturatedSeconds: 4 })).toEqual([
      expect.stringMatching(/for 4 s: those seconds are limited by kvscope’s client/),
    ]);
    expect(summarize([second(0)], 'done').sharedMachineSeconds).toBeUndefined();
  });
});
