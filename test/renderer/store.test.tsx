// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { findScenario } from '../../app/scenario/catalog';
import { MAX_CHART_POINTS } from '../../app/metrics/limits';
import { downsample, newBucketMemo } from '../../renderer/src/chart-data/downsample';
import type { Row } from '../../renderer/src/chart-data/row';
import { setPath } from '../../renderer/src/store/draft';
import { LIVE_LOG_CAP as LOG_CAP, LIVE_SAMPLE_CAP as SAMPLE_CAP } from '../../app/metrics/limits';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { pushEvent, type PushEvent } from '../../renderer/src/store/types';
import { runInfo, sample, summary, withRun } from './fixtures';

const started = (runId = 'run-1') => pushEvent('runStarted', runInfo(runId));
const sampleEv = (second: number, runId = 'run-1') => pushEvent('sample', withRun(sample(second), runId));
const logEv = (i: number, runId: string | null = 'run-1') =>
  pushEvent('log', { level: 'info', message: `line ${i}`, at: 1000 + i, source: 'main', runId });
const apply = (events: PushEvent[]) => useKv.getState().applyPushes(events);
const live = () => useKv.getState().live;

beforeEach(resetStore);

describe('live run buffer', () => {
  it('caps samples at SAMPLE_CAP, keeping the newest', () => {
    apply([started()]);
    const total = SAMPLE_CAP + 400;
    apply(Array.from({ length: total }, (_, i) => sampleEv(i)));
    expect(live().rows.cluster).toHaveLength(SAMPLE_CAP);
    expect(live().rows.cluster[0].t).toBe(total - SAMPLE_CAP);
    expect(live().rows.cluster.at(-1)?.t).toBe(total - 1);
  });

  it('stays capped when fed one batch at a time', () => {
    apply([started()]);
    for (let i = 0; i < SAMPLE_CAP + 10; i++) apply([sampleEv(i)]);
    expect(live().rows.cluster).toHaveLength(SAMPLE_CAP);
    expect(live().rows.cluster[0].t).toBe(10);
  });

  it('caps logs at LOG_CAP and keeps main-level lines (runId null)', () => {
    apply([started()]);
    apply(Array.from({ length: LOG_CAP + 5 }, (_, i) => logEv(i, i % 2 ? null : 'run-1')));
    expect(live().logs).toHaveLength(LOG_CAP);
    expect(live().logs.at(-1)?.message).toBe(`line ${LOG_CAP + 4}`);
  });

  it('drops samples of another run and seconds already held', () => {
    apply([started(), sampleEv(0), sampleEv(1), sampleEv(1), sampleEv(0), sampleEv(2, 'other-run')]);
    expect(live().rows.cluster.map((r) => r.t)).toEqual([0, 1]);
  });

  it('resets everything on runStarted of a new run, and not on a repeat of the current one', () => {
    apply([started('a'), sampleEv(0, 'a'), logEv(1, 'a')]);
    apply([pushEvent('runEnded', { runId: 'a', summary: summary(), file: '/runs/a.ndjson' })]);
    expect(live().summary).not.toBeNull();
    apply([started('a')]);
    expect(live().rows.cluster).toHaveLength(1);
    apply([started('b')]);
    expect(live()).toMatchObject({ phase: 'starting', last: null, logs: [], summary: null, file: null });
    expect(live().rows.cluster).toEqual([]);
    expect(live().run?.runId).toBe('b');
  });

  it('resets within one batch too: only what follows runStarted survives', () => {
    apply([started('a'), sampleEv(0, 'a'), started('b'), sampleEv(0, 'b'), sampleEv(1, 'b')]);
    expect(live().run?.runId).toBe('b');
    expect(live().rows.cluster).toHaveLength(2);
  });

  it('moves the phase forward only, and ends with the summary status', () => {
    apply([started(), pushEvent('phase', { runId: 'run-1', phase: 'running', at: 2 })]);
    apply([pushEvent('phase', { runId: 'run-1', phase: 'warmup', at: 1 })]);
    expect(live().phase).toBe('running');
    apply([pushEvent('runEnded', { runId: 'run-1', summary: summary('stopped'), file: null })]);
    expect(live().phase).toBe('stopped');
    expect(live().summary?.status).toBe('stopped');
  });

  it('catches up from a state snapshot without doubling what the queued pushes repeat', () => {
    const info = runInfo('run-1');
    const logs = [1, 2].map((i) => ({ level: 'info' as const, message: `line ${i}`, at: 1000 + i, source: 'main' }));
    const state = { run: info, phase: 'running' as const, samples: [0, 1, 2].map((s) => sample(s)), logs, summary: null, file: null };
    useKv
      .getState()
      .catchUp(state, [sampleEv(2), logEv(2), pushEvent('phase', { runId: 'run-1', phase: 'warmup', at: 0 }), sampleEv(3), logEv(3)]);
    expect(live().rows.cluster.map((r) => r.t)).toEqual([0, 1, 2, 3]);
    expect(live().logs.map((l) => l.message)).toEqual(['line 1', 'line 2', 'line 3']);
    expect(live().phase).toBe('running');
    expect(useKv.getState().page).toBe('live');
  });

  it('shows the Live page when a run starts', () => {
    expect(useKv.getState().page).toBe('scenarios');
    apply([started()]);
    expect(useKv.getState().page).toBe('live');
  });
});

describe('downsampling for display', () => {
  const HOUR = 3600;
  const rows: Row[] = Array.from({ length: HOUR }, (_, t) => ({ t, max: t === 1234 ? 900 : 5, reads: 100 + (t % 2) * 20 }));

  it('keeps short series as they are', () => {
    const short = rows.slice(0, MAX_CHART_POINTS);
    expect(downsample(short, { max: 'max' })).toEqual(short);
  });

  it('thins an hour to at most MAX_CHART_POINTS without losing a latency peak', () => {
    const out = downsample(rows, { max: 'max', reads: 'mean' });
    expect(out.length).toBeLessThanOrEqual(MAX_CHART_POINTS);
    expect(out.length).toBeGreaterThan(MAX_CHART_POINTS / 2);
    expect(Math.max(...out.map((r) => r.max))).toBe(900);
    expect(out.filter((r) => r.max === 900)).toHaveLength(1);
  });

  it('averages rates, so the level of a throughput line stays true', () => {
    const out = downsample(rows, { max: 'max', reads: 'mean' });
    // Each point stands for the seconds after the previous point up to its own.
    out.forEach((r, i) => {
      const from = i === 0 ? -1 : out[i - 1].t;
      const inBucket = rows.filter((x) => x.t > from && x.t <= r.t);
      expect(r.reads).toBeCloseTo(inBucket.reduce((a, x) => a + x.reads, 0) / inBucket.length, 9);
    });
    expect(out.at(-1)?.t).toBe(HOUR - 1);
  });

  it('keeps buckets aligned to absolute seconds as new rows arrive', () => {
    const a = downsample(rows, { max: 'max' });
    const b = downsample([...rows, { t: HOUR, max: 5, reads: 100 }], { max: 'max' });
    expect(b.slice(0, a.length - 1)).toEqual(a.slice(0, a.length - 1));
  });

  it('re-combines only buckets whose rows changed, and gives the same values as a fresh combine', () => {
    const reduce = { max: 'max', reads: 'mean' } as const;
    const memo = newBucketMemo();
    const first = downsample(rows, reduce, memo);
    const more = [...rows, { t: HOUR, max: 7, reads: 90 }];
    const second = downsample(more, reduce, memo);
    // Unchanged buckets are the very same objects; the newest one is new and includes the new second.
    expect(second.slice(0, -1).every((r, i) => r === first[i])).toBe(true);
    expect(second.at(-1)).not.toBe(first.at(-1));
    expect(second.at(-1)?.t).toBe(HOUR);
    // A copy of every row defeats the cache: same numbers.
    expect(
      downsample(
        more.map((r) => ({ ...r })),
        reduce,
        memo,
      ),
    ).toEqual(second);
    // Other reducers over the same rows are not served from the cache.
    expect(downsample(rows, { max: 'mean', reads: 'mean' }, memo).some((r, i) => r.max !== first[i].max)).toBe(true);
  });
});

describe('editor draft', () => {
  it('loads a catalog scenario valid, and names a bad field', () => {
    useKv.getState().loadScenario(findScenario('kv-async')!);
    expect(useKv.getState().editor.errors).toEqual([]);
    useKv.getState().updateDraft((d) => setPath(d, 'workers', 0));
    expect(useKv.getState().editor.errors).toEqual([{ field: 'workers', reason: 'must be ≥ 1' }]);
    useKv.getState().updateDraft((d) => setPath(d, 'workers', undefined));
    expect(useKv.getState().editor.errors).toEqual([]);
  });
});
