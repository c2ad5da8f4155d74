import { defaultOps, TARGET_OPS, WRITE_OP, type TargetKind } from '../../../app/scenario/targets';
import { getPath, setPath, type Draft } from './draft';

/** How the op mix is given: weights, the seed's write-then-read cycle, or every op equally. */
export type LoadMode = 'mix' | 'readsPerWrite' | 'equal';

/** The seed benchmark's cycle: one write, then three reads of it. */
const DEFAULT_READS_PER_WRITE = 3;

export function targetKind(draft: Draft): TargetKind {
  const k = getPath(draft, 'target.kind');
  return typeof k === 'string' && k in TARGET_OPS ? (k as TargetKind) : 'builtin-kv';
}

export function loadMode(draft: Draft): LoadMode {
  if (draft.mix !== undefined) return 'mix';
  if (draft.readsPerWrite !== undefined) return 'readsPerWrite';
  return 'equal';
}

/** Every op at the same weight, except those that stream records (they run alone). */
const equalMix = (kind: TargetKind): Record<string, number> => Object.fromEntries(defaultOps(kind).map((op) => [op, 1]));

export function setLoadMode(draft: Draft, mode: LoadMode): Draft {
  let d = setPath(setPath(draft, 'mix', undefined), 'readsPerWrite', undefined);
  if (mode === 'mix') d = setPath(d, 'mix', equalMix(targetKind(draft)));
  if (mode === 'readsPerWrite') d = setPath(d, 'readsPerWrite', DEFAULT_READS_PER_WRITE);
  return d;
}

/**
 * Another kind of target: its connection settings start from the defaults
 * (a Redis port means nothing to the file server), and the op mix follows the
 * ops the new kind has.
 */
export function changeTargetKind(draft: Draft, kind: TargetKind): Draft {
  let d = setPath(draft, 'target', { kind });
  if (d.mix !== undefined) d = setPath(d, 'mix', equalMix(kind));
  if (d.readsPerWrite !== undefined && !WRITE_OP[kind]) d = setPath(d, 'readsPerWrite', undefined);
  return d;
}
