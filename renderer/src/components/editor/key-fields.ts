import {
  DEFAULT_HOT_FRACTION,
  DEFAULT_HOT_SHARE,
  DEFAULT_ZIPFIAN_THETA,
  KEY_DISTRIBUTION_KINDS,
} from '../../../../app/scenario/key-distribution';
import type { FieldDef } from './fields';

const KIND = 'keyDistribution.kind';
/** The first kind is what an absent keyDistribution means. */
const UNIFORM_FIRST = ['uniform', ...KEY_DISTRIBUTION_KINDS.filter((k) => k !== 'uniform')];

/** The key distribution and the settings of the chosen kind (docs/scenarios.md, Key distributions). */
export const KEY_DISTRIBUTION_FIELDS: readonly FieldDef[] = [
  {
    path: KIND,
    label: 'Key distribution',
    kind: 'select',
    options: UNIFORM_FIRST,
    resets: 'keyDistribution',
    hint: 'zipfian and latest as YCSB draws them; hotspot: a share of the operations on the first keys',
  },
  {
    path: 'keyDistribution.theta',
    label: 'Skew (theta)',
    kind: 'number',
    emptyMeans: String(DEFAULT_ZIPFIAN_THETA),
    hint: 'over 0, under 1: higher is more skewed',
    shownWhen: { path: KIND, is: ['zipfian', 'latest'] },
  },
  {
    path: 'keyDistribution.hotFraction',
    label: 'Hot keys',
    kind: 'number',
    emptyMeans: String(DEFAULT_HOT_FRACTION),
    hint: 'share of the key space, 0 to 1',
    shownWhen: { path: KIND, is: ['hotspot'] },
  },
  {
    path: 'keyDistribution.hotShare',
    label: 'Hot operations',
    kind: 'number',
    emptyMeans: String(DEFAULT_HOT_SHARE),
    hint: 'share of the operations on the hot keys, 0 to 1',
    shownWhen: { path: KIND, is: ['hotspot'] },
  },
];

const SIZES_KIND = 'valueSizes.kind';
/** What an absent valueSizes means: every write takes valueSize. */
export const FIXED_SIZE = 'fixed';

/** Drawn value sizes: fixed (valueSize), or uniform in a range; a weighted list is written in the scenario's JSON. */
export const VALUE_SIZES_FIELDS: readonly FieldDef[] = [
  {
    path: SIZES_KIND,
    label: 'Value sizes',
    kind: 'select',
    options: [FIXED_SIZE, 'uniform'],
    resets: 'valueSizes',
    noneOption: FIXED_SIZE,
    hint: 'fixed: every write takes Value size; uniform: each write a size drawn from a range (redis, hazelcast, aerospike)',
  },
  { path: 'valueSizes.min', label: 'Smallest value', kind: 'int', hint: 'bytes', shownWhen: { path: SIZES_KIND, is: ['uniform'] } },
  { path: 'valueSizes.max', label: 'Largest value', kind: 'int', hint: 'bytes', shownWhen: { path: SIZES_KIND, is: ['uniform'] } },
];
