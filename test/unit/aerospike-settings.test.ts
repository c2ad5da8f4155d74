import { describe, expect, it } from 'vitest';
import { aerospikeCounters, infoAnswers, parseInfoPairs } from '../../app/metrics/aerospike-counters';
import { counterRates } from '../../app/metrics/node-stats';
import { parseSeedHosts } from '../../app/scenario/aerospike-target';
import { findScenario } from '../../app/scenario/catalog';
import { parseScenario, validateScenario } from '../../app/scenario/schema';
import { redactTarget } from '../../app/scenario/targets';

const errorsOf = (input: unknown) => {
  const v = validateScenario(input);
  return v.ok ? [] : v.errors;
};

describe('aerospike target settings', () => {
  it('parses seed hosts with and without ports, and names a bad one', () => {
    expect(parseSeedHosts('10.0.0.1:3000, db2 ,[::1]:3100')).toEqual([
      { addr: '10.0.0.1', port: 3000 },
      { addr: 'db2', port: 3000 },
      { addr: '::1', port: 3100 },
    ]);
    expect(errorsOf({ target: { kind: 'aerospike', hosts: 'a:3000,b:99999' } })).toEqual([
      { field: 'target.hosts', reason: '"b:99999" is not host or host:port (a comma-separated list of seed hosts)' },
    ]);
  });

  it('needs a user for a password, and a query range that is not upside down', () => {
    expect(errorsOf({ target: { kind: 'aerospike', password: 'x' } })).toEqual([
      { field: 'target.user', reason: 'a password needs a user' },
    ]);
    expect(errorsOf({ target: { kind: 'aerospike', queryFrom: 5, queryTo: 4 } })).toEqual([
      { field: 'target.queryTo', reason: 'must be at least queryFrom' },
    ]);
  });

  it('runs scan and query alone', () => {
    expect(errorsOf({ target: { kind: 'aerospike' }, mix: { scan: 1, get: 1 } })).toEqual([
      { field: 'mix.scan', reason: 'scan streams records and runs alone: give it the whole mix' },
    ]);
    expect(errorsOf({ target: { kind: 'aerospike' }, mix: { query: 1, get: 0 } })).toEqual([]);
  });

  it('never keeps the password when redacted', () => {
    const s = parseScenario({ target: { kind: 'aerospike', user: 'u', password: 'secret' } });
    expect(redactTarget(s.target)).toMatchObject({ user: 'u', password: '***' });
  });

  it('has the catalog the client benchmark implies', () => {
    const s = parseScenario(findScenario('aerospike-50-50'));
    expect([s.workers, s.valueSize, s.keySpace, s.mix]).toEqual([4, 1024, 100_000, { get: 0.5, put: 0.5 }]);
    expect(parseScenario(findScenario('aerospike-read-heavy')).mix).toEqual({ get: 0.95, put: 0.05 });
    expect(parseScenario(findScenario('aerospike-query-file')).target).toMatchObject({ sink: 'file', createIndex: true });
  });
});

describe('aerospike namespace counters', () => {
  const info =
    'namespace/test\tclient_read_success=10;client_read_not_found=2;batch_sub_read_success=5;client_write_success=7;client_delete_success=1;client_write_timeout=3;data_used_bytes=4096;objects=9\n';

  it('parses info pairs', () => {
    expect(parseInfoPairs('a=1;b=x=y').get('b')).toBe('x=y');
  });

  it("splits one answer to several info names into each name's value, whatever their order", () => {
    const answers = infoAnswers('latencies:\t{test}-read:usec,10.0,100.00\nnamespace/test\tclient_read_success=3;objects=1\n');
    expect(answers.get('namespace/test')).toBe('client_read_success=3;objects=1');
    expect(answers.get('latencies:')).toBe('{test}-read:usec,10.0,100.00');
    expect(aerospikeCounters(parseInfoPairs(answers.get('namespace/test')!))!.counters['read.success']).toBe(3);
    // A name the node did not answer is missing, not read from its neighbour's line.
    expect(infoAnswers('namespace/test\tclient_read_success=3\n').has('latencies:')).toBe(false);
    expect(infoAnswers('')).toEqual(new Map());
  });

  it('maps server counters onto per-node reads and writes, batch sub-reads as reads and deletes as writes', () => {
    const c = aerospikeCounters(parseInfoPairs(info))!;
    expect(c.counters).toMatchObject({ 'read.success': 15, 'read.notFound': 2, 'write.success': 8, 'write.timeout': 3, 'read.error': 0 });
    expect(c.memory).toBe(4096);
    expect(aerospikeCounters(parseInfoPairs('type=unknown'))).toBeNull();
  });

  it('turns a restarted node (counters went down) into its count since the restart, never a negative rate', () => {
    const before = aerospikeCounters(parseInfoPairs(info))!.counters;
    const after = aerospikeCounters(parseInfoPairs('client_read_success=4;client_write_success=1'))!.counters;
    const rates = counterRates(before, after, 1);
    expect(rates['read.success']).toBe(4);
    expect(Object.values(rates).every((v) => v >= 0)).toBe(true);
  });
});

describe('bench:aerospike options', () => {
  it('needs --hosts and names a bad flag', async () => {
    const { parseAsOptions } = await import('../../bench/aerospike/options');
    expect(parseAsOptions([])).toMatch(/^--hosts is required/);
    expect(parseAsOptions(['--hosts', 'a:1', '--rounds', '0'])).toMatch(/^--rounds needs a whole number from 1 to 50, got "0"/);
    expect(parseAsOptions(['--hosts', 'a:99999'])).toMatch(/is not host or host:port/);
    expect(parseAsOptions(['--hosts=a:1,b:2', '--workers', '2'])).toMatchObject({ hosts: 'a:1,b:2', workers: 2, rounds: 3 });
    // Paired, the control and the floor pair one bare process with another: one worker a side.
    expect(parseAsOptions(['--hosts', 'a:1', '--paired'])).toMatchObject({ paired: true, workers: 1 });
    expect(parseAsOptions(['--hosts', 'a:1', '--paired', '--workers', '4'])).toMatch(/^--workers: --paired runs one worker a side, got 4/);
    expect(parseAsOptions(['--hosts', 'a:1', '--paired=yes'])).toMatch(/^Option '--paired' does not take an argument/);
    // A known cost beside the bare loop, in paired rounds only.
    expect(parseAsOptions(['--hosts', 'a:1', '--paired', '--sensitivity', '100'])).toMatchObject({ sensitivityNs: 100 });
    expect(parseAsOptions(['--hosts', 'a:1', '--sensitivity', '100'])).toMatch(
      /^--sensitivity adds a pair to each paired round: it needs --paired/,
    );
    expect(parseAsOptions(['--hosts', 'a:1', '--paired', '--sensitivity=-5'])).toMatch(
      /^--sensitivity needs a whole number from 1 to 100000/,
    );
  });
});

describe('aerospike op weights', () => {
  it('leaves scan and query out of the default equal mix', async () => {
    const { opWeights } = await import('../../app/scenario/schema');
    expect(Object.keys(opWeights(parseScenario({ target: { kind: 'aerospike' } }))).sort()).toEqual(['batch-read', 'delete', 'get', 'put']);
  });
});

describe('time allowed to get ready', () => {
  it("grows with any target's prefill, and with an aerospike query's index", async () => {
    const { prepareAllowanceMs } = await import('../../app/scenario/prepare-allowance');
    expect(prepareAllowanceMs({ kind: 'aerospike', prefill: 100_000, createIndex: true }, { scan: 1 })).toBe(100_000);
    expect(prepareAllowanceMs({ kind: 'aerospike', prefill: 0, createIndex: true }, { query: 1 })).toBe(60_000);
    expect(prepareAllowanceMs({ kind: 'redis' }, { get: 1 })).toBe(0);
    expect(prepareAllowanceMs({ kind: 'hazelcast', prefill: 5_000 }, { get: 1 })).toBe(5_000);
    expect(prepareAllowanceMs({ kind: 'hazelcast', prefill: 0, createIndex: true }, { query: 1 })).toBe(0);
  });
});
