import { LIVE_LOG_CAP, LIVE_SAMPLE_CAP } from '../../../app/metrics/limits';
import type { LiveSample, LiveState } from '../../../app/protocol/bridge';
import type { LogEntry } from '../../../app/run/format';
import { appendCapped, lastOf } from '../chart-data/buffer';
import { appendRows, emptyChartRows } from '../chart-data/chartRows';
import { keepEarlier } from '../chart-data/earlier';
import { appendPartial } from './partial';
import { appendNodeMarks } from '../../../app/metrics/node-marks';
import { clockOf } from '../../../app/run/clock';
import type { LivePhase, LiveRun, PushEvent } from './types';

/** Phases only move forward within a run; a stale mark (from a catch-up overlap) must not move it back. */
const PHASE_RANK: Record<LivePhase, number> = {
  idle: 0,
  starting: 1,
  warmup: 2,
  running: 3,
  stopping: 4,
  done: 5,
  stopped: 5,
  failed: 5,
  interrupted: 5,
};

export const isFinalPhase = (p: LivePhase): boolean => PHASE_RANK[p] === PHASE_RANK.done;
export const isActivePhase = (p: LivePhase): boolean => p !== 'idle' && !isFinalPhase(p);

export function emptyLive(): LiveRun {
  return {
    run: null,
    phase: 'idle',
    rows: emptyChartRows(),
    last: null,
    logs: [],
    summary: null,
    soFar: null,
    file: null,
    partial: [],
    nodeMarks: [],
    earlier: [],
  };
}

/** The live view as main holds it, e.g. for a window opened mid-run. */
export function fromState(s: LiveState): LiveRun {
  const kept = s.samples.slice(-LIVE_SAMPLE_CAP);
  return {
    run: s.run,
    phase: s.phase,
    rows: s.run ? appendRows(emptyChartRows(), kept, s.run.scenario.target.kind, LIVE_SAMPLE_CAP) : emptyChartRows(),
    last: lastOf(kept) ?? null,
    logs: appendCapped([], s.logs, LIVE_LOG_CAP),
    summary: s.summary,
    soFar: null,
    file: s.file,
    partial: appendPartial([], kept),
    nodeMarks: appendNodeMarks([], kept),
    earlier: [],
  };
}

/**
 * Apply a batch of pushes in order. A repeated runStarted, an older phase or
 * an already seen second is ignored, so pushes that overlap a state snapshot
 * do no harm.
 */
export function reduceLive(live: LiveRun, events: readonly PushEvent[]): LiveRun {
  let { run, phase, summary, soFar, file, last } = live;
  let rows = live.rows;
  let logs = live.logs;
  let partial = live.partial;
  let nodeMarks = live.nodeMarks;
  let earlier = live.earlier;
  const newSamples: LiveSample[] = [];
  const newLogs: LogEntry[] = [];
  const mine = (runId: string | null): boolean => run !== null && run.runId === runId;
  for (const ev of events) {
    switch (ev.channel) {
      case 'runStarted':
        if (mine(ev.data.runId)) break;
        // The next step of a sweep or repeat keeps the steps before it, faded; any other run starts clean.
        earlier = keepEarlier(
          earlier,
          run?.group
            ? { group: run.group, cluster: appendRows(rows, newSamples, run.scenario.target.kind, LIVE_SAMPLE_CAP).cluster }
            : null,
          ev.data.group,
        );
        run = ev.data;
        phase = 'starting';
        summary = null;
        soFar = null;
        file = null;
        rows = emptyChartRows();
        last = null;
        logs = [];
        partial = [];
        nodeMarks = [];
        newSamples.length = 0;
        newLogs.length = 0;
        break;
      case 'phase':
        if (!mine(ev.data.runId)) break;
        if (PHASE_RANK[ev.data.phase] >= PHASE_RANK[phase]) phase = ev.data.phase;
        if (run && run.clock0 === undefined && ev.data.second !== undefined) run = { ...run, clock0: clockOf(ev.data.at, ev.data.second) };
        break;
      case 'sample': {
        const { runId, soFar: upToHere, ...sample } = ev.data;
        const newest = lastOf(newSamples) ?? last;
        if (!mine(runId) || (newest && sample.second <= newest.second)) break;
        newSamples.push(sample);
        soFar = upToHere ?? soFar;
        break;
      }
      case 'log': {
        const { runId, ...entry } = ev.data;
        if (runId === null || mine(runId)) newLogs.push(entry);
        break;
      }
      case 'runEnded':
        if (!mine(ev.data.runId)) break;
        summary = ev.data.summary;
        file = ev.data.file;
        if (!isFinalPhase(phase)) phase = ev.data.summary.status;
        break;
      case 'groupEnded':
        // Not about the run on screen: useGroupComparison opens the sweep's comparison.
        break;
      case 'capacity':
        // A search over several runs: useCapacity keeps it for the Live page's capacity panel.
        break;
      case 'runtimeInstall':
        // Not about a run: the editor's Node field (useRuntimes) shows it.
        break;
      case 'clientInstall':
        // Not about a run: the editor's client field (useClients) shows it.
        break;
      default:
        console.warn('kvscope: ignored a push of unknown type', (ev as { channel: unknown }).channel);
    }
  }
  return {
    run,
    phase,
    summary,
    soFar,
    file,
    // A sample is only taken while its run is on screen, so `run` is set whenever there is one.
    rows: run ? appendRows(rows, newSamples, run.scenario.target.kind, LIVE_SAMPLE_CAP) : rows,
    last: lastOf(newSamples) ?? last,
    logs: appendCapped(logs, newLogs, LIVE_LOG_CAP),
    partial: appendPartial(partial, newSamples),
    nodeMarks: appendNodeMarks(nodeMarks, newSamples),
    earlier,
  };
}

/**
 * A state snapshot plus the pushes that arrived while it was on its way. Those
 * pushes may already be in the snapshot; log lines have no sequence number, so
 * a line no newer than the snapshot's newest and equal to one it holds is
 * dropped.
 */
export function catchUpLive(state: LiveState, queued: readonly PushEvent[]): LiveRun {
  const base = fromState(state);
  const newest = lastOf(base.logs)?.at ?? -Infinity;
  const fresh = queued.filter(
    (ev) =>
      ev.channel !== 'log' ||
      ev.data.at > newest ||
      !base.logs.some((l) => l.at === ev.data.at && l.message === ev.data.message && l.source === ev.data.source),
  );
  return reduceLive(base, fresh);
}
