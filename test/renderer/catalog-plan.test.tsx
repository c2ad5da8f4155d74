import { describe, expect, it } from 'vitest';
import { planFor } from '../../renderer/src/store/catalog-plan';

const typed = { repeat: '3', setting: 'inFlight', values: '1, 8', innerSetting: 'workers', innerValues: '1, 2', slo: 'p99<2ms' };

describe('the start bar plan of catalog sweeps', () => {
  it('fills in a catalog sweep, keeping the repeat count', () => {
    expect(planFor('aerospike-payloads', 'kv-async', typed)).toEqual({
      repeat: '3',
      setting: 'valueSize',
      values: '3, 1024, 102400',
      innerSetting: '',
      innerValues: '',
      slo: 'p99<2ms',
    });
  });

  it('fills in both settings of a catalog grid, and clears them on leaving it', () => {
    const grid = planFor('hazelcast-pipelining-payloads', 'kv-async', typed);
    expect(grid).toEqual({
      repeat: '3',
      setting: 'valueSize',
      values: '3, 1024, 102400',
      innerSetting: 'target.autoPipelining',
      innerValues: 'true, false',
      slo: 'p99<2ms',
    });
    expect(planFor('kv-async', 'hazelcast-pipelining-payloads', grid)).toEqual({
      repeat: '3',
      setting: '',
      values: '',
      innerSetting: '',
      innerValues: '',
      slo: 'p99<2ms',
    });
  });

  it('clears the sweep when leaving a catalog sweep, and keeps what the user typed otherwise', () => {
    expect(planFor('aerospike-50-50', 'aerospike-payloads', typed)).toEqual({
      repeat: '3',
      setting: '',
      values: '',
      innerSetting: '',
      innerValues: '',
      slo: 'p99<2ms',
    });
    expect(planFor('aerospike-50-50', 'kv-async', typed)).toBe(typed);
  });
});
