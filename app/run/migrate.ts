import { latencyStats, mergeEncoded } from '../metrics/histogram';
import { RUN_FORMAT_VERSION } from './format';

/**
 * Older run files brought to the current shape, one explicit step per
 * version, so a run recorded by any earlier kvscope opens and compares like
 * a new one. A step takes records as version N wrote them and returns them
 * as version N+1 writes them; steps run in order up to RUN_FORMAT_VERSION.
 * Steps work on the raw JSON objects (not on the current types, which an
 * old file does not have); the reader validates the result against the
 * current schema afterwards.
 *
 * Adding version N+1: bump RUN_FORMAT_VERSION, add the step N here (the
 * test checks there is one for every version below the current).
 */
export type RawRecord = Record<string, unknown>;

interface MigrationStep {
  /** The header of version N, returned as version N+1 (its `version` set to N+1). */
  header: (h: RawRecord) => RawRecord;
  /** Each sample's data, when the sample shape changed in this step. */
  sample?: (s: RawRecord) => RawRecord;
}

/** 1 -> 2: groups (repeat, sweep) arrived in the header; a version 1 run belongs to none. */
function v1HeaderToV2(h: RawRecord): RawRecord {
  const { group: _none, ...rest } = h;
  return { ...rest, version: 2 };
}

/**
 * 1 -> 2: every version 2 sample carries the latency of all op types
 * together; version 1 files written before it existed have only the per-op
 * histograms, from which it is merged here.
 */
function v1SampleToV2(s: RawRecord): RawRecord {
  if (s.latency !== undefined) return s;
  const ops = (s.ops ?? {}) as Record<string, { hist?: unknown }>;
  const hists = Object.values(ops)
    .map((o) => o?.hist)
    .filter((h): h is string => typeof h === 'string');
  const merged = mergeEncoded(hists);
  const latency = latencyStats(merged);
  merged.destroy();
  return { ...s, latency };
}

export const MIGRATIONS: Readonly<Record<number, MigrationStep>> = {
  1: { header: v1HeaderToV2, sample: v1SampleToV2 },
};

/** The header brought from its version to the current one; an Error naming the version when a step is missing. */
export function migrateHeader(h: RawRecord): RawRecord {
  let out = h;
  for (let v = out.version as number; v < RUN_FORMAT_VERSION; v = out.version as number) {
    const step = MIGRATIONS[v];
    if (!step) throw new Error(`no migration from run format ${v}`);
    out = step.header(out);
    if (out.version !== v + 1) throw new Error(`migration from run format ${v} did not reach ${v + 1}`);
  }
  return out;
}

/** The sample steps from `version` to the current one, composed; undefined when samples need no change. */
export function sampleMigration(version: number): ((s: RawRecord) => RawRecord) | undefined {
  const steps: ((s: RawRecord) => RawRecord)[] = [];
  for (let v = version; v < RUN_FORMAT_VERSION; v++) {
    const step = MIGRATIONS[v]?.sample;
    if (step) steps.push(step);
  }
  if (steps.length === 0) return undefined;
  return (s) => steps.reduce((acc, step) => step(acc), s);
}
