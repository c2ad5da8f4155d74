import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunFile } from '../../app/run/reader';
import { EXIT_USAGE } from '../../main/exit-codes';
import { startAerospikeNode, type AerospikeTestNode } from '../helpers/aerospike-node';
import { kvscope, sandboxWithRedis } from './policy-fixtures';

/** Each version is installed for real from the npm registry (aerospike's package is ~100 MB of bindings). */
const INSTALL_TIMEOUT_MS = 300_000;
const SHORT = ['--set', 'warmupSeconds=0', '--set', 'durationSeconds=2', '--quiet'];
/** A Node major the older aerospike client ships no binding for. */
const NO_BINDING_MAJOR = '24';

describe('client versions per target: target.client, kvscope clients, sweeps over versions', () => {
  const { sb, port } = sandboxWithRedis();
  let node: AerospikeTestNode | undefined;
  beforeAll(async () => {
    node = await startAerospikeNode();
  });
  afterAll(async () => {
    await node?.close();
  });
  const runFiles = () => readdirSync(sb.env.KVSCOPE_RUNS).filter((f) => f.endsWith('.ndjson'));
  /** The worker-reported client version of each run of the last sweep, oldest first. */
  const versionsOfLast = (n: number, pkg: string): string[] =>
    runFiles()
      .sort()
      .slice(-n)
      .map((f) => readRunFile(join(sb.env.KVSCOPE_RUNS, f)).header.env.clients[pkg]);

  it('installs ioredis 4 with `clients add` and sweeps it against the bundled 5 on a real redis', { timeout: INSTALL_TIMEOUT_MS }, () => {
    const add = kvscope(sb, ['clients', 'add', 'ioredis@4.28.5'], INSTALL_TIMEOUT_MS - 10_000);
    expect(add.status, add.stderr).toBe(0);
    expect(add.stdout).toContain(`downloading ioredis@4.28.5 with npm into ${sb.env.XDG_CACHE_HOME}/kvscope/clients/ioredis-4.28.5`);
    expect(kvscope(sb, ['clients', 'list']).stdout).toMatch(/ioredis +4\.28\.5 +4\.17\.0 to 5\.x +installed/);
    const r = kvscope(
      sb,
      ['run', 'redis-mix', '--sweep', 'target.client=ioredis@4.28.5,ioredis@5.11.1', '--set', `target.port=${port()}`, ...SHORT],
      120_000,
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/runtime\.ioredis: "4\.28\.5" \(redis-mix target\.client=ioredis@4\.28\.5 \(base\)\), "5\.11\.1"/);
    expect(versionsOfLast(2, 'ioredis')).toEqual(['4.28.5', '5.11.1']);
  });

  it(
    'sweeps hazelcast-client 4.2 against 5.6 on a real member, installing 4.2 by itself, with per-member series for both',
    { timeout: INSTALL_TIMEOUT_MS },
    () => {
      const r = kvscope(
        sb,
        [
          'run',
          'hazelcast-read-heavy',
          '--sweep',
          'target.client=hazelcast-client@4.2.1,hazelcast-client@5.6.0',
          '--set',
          'target.localMembers=1',
          ...SHORT,
        ],
        INSTALL_TIMEOUT_MS - 10_000,
      );
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toContain('hazelcast-client@4.2.1 is not installed yet: installing it once');
      expect(versionsOfLast(2, 'hazelcast-client')).toEqual(['4.2.1', '5.6.0']);
      for (const f of runFiles().sort().slice(-2)) {
        const run = readRunFile(join(sb.env.KVSCOPE_RUNS, f));
        expect(run.summary.status).toBe('done');
        expect(run.samples.some((s) => s.nodes.length === 1 && s.totals.count > 0)).toBe(true);
        // Both clients route through the partition service they hand out: the count hears them, no lookup of its own.
        expect(run.logs.some((l) => l.source === 'worker 0' && l.message.includes("members counted by the client's own routing"))).toBe(
          true,
        );
      }
    },
  );

  it('sweeps aerospike 5.12.1 against 6.7.1 on the protocol test node', { timeout: INSTALL_TIMEOUT_MS }, () => {
    const r = kvscope(
      sb,
      [
        'run',
        'aerospike-50-50',
        '--sweep',
        'target.client=aerospike@5.12.1,aerospike@6.7.1',
        '--set',
        `target.hosts=${node!.hosts}`,
        ...SHORT,
      ],
      INSTALL_TIMEOUT_MS - 10_000,
    );
    expect(r.status, r.stderr).toBe(0);
    expect(versionsOfLast(2, 'aerospike')).toEqual(['5.12.1', '6.7.1']);
    const bindings = join(sb.env.XDG_CACHE_HOME, 'kvscope', 'clients', 'aerospike-5.12.1', 'node_modules', 'aerospike', 'lib', 'binding');
    expect(readdirSync(bindings).every((d) => d.endsWith(`-${process.platform}-${process.arch}`))).toBe(true);
  });

  it(
    'refuses a version that does not exist, one outside the range and a Node without a binding: exit 2, nothing started',
    { timeout: INSTALL_TIMEOUT_MS },
    () => {
      const before = runFiles().length;
      const none = kvscope(
        sb,
        ['run', 'redis-mix', '--set', 'target.client=ioredis@4.99.0', '--set', `target.port=${port()}`, ...SHORT],
        120_000,
      );
      expect(none.status).toBe(EXIT_USAGE);
      expect(none.stderr).toMatch(/cannot install ioredis@4\.99\.0: .*(ETARGET|No matching version)/);
      const old = kvscope(sb, ['run', 'redis-mix', '--set', 'target.client=ioredis@3.2.2', ...SHORT]);
      expect(old.status).toBe(EXIT_USAGE);
      expect(old.stderr).toContain('target.client: ioredis@3.2.2 is outside the supported range 4.17.0 to 5.x');
      const add = kvscope(sb, ['runtimes', 'add', NO_BINDING_MAJOR], INSTALL_TIMEOUT_MS - 60_000);
      expect(add.status, add.stderr).toBe(0);
      const abi = kvscope(sb, [
        'run',
        'aerospike-50-50',
        '--set',
        `node=${NO_BINDING_MAJOR}`,
        '--set',
        'target.client=aerospike@5.12.1',
        '--set',
        `target.hosts=${node!.hosts}`,
        ...SHORT,
      ]);
      expect(abi.status).toBe(EXIT_USAGE);
      expect(abi.stderr).toMatch(
        /target\.client: aerospike@5\.12\.1 has no prebuilt binding for Node 24 \(ABI 137\) on [\w-]+; it has bindings for: .*Node 22 \(ABI 127\)/,
      );
      expect(runFiles().length).toBe(before);
      expect(existsSync(join(sb.env.XDG_CACHE_HOME, 'kvscope', 'clients', 'ioredis-4.99.0'))).toBe(false);
    },
  );

  it('offline: names the version it could not fetch and what to do instead, exit 2, nothing started', () => {
    const before = runFiles().length;
    // A registry nothing listens on: npm is refused at once, as with no network.
    const offline = { ...sb, env: { ...sb.env, npm_config_registry: 'http://127.0.0.1:9/', npm_config_fetch_retries: '0' } };
    const r = kvscope(offline, ['run', 'redis-mix', '--set', 'target.client=ioredis@4.27.0', '--set', `target.port=${port()}`, ...SHORT]);
    expect(r.status).toBe(EXIT_USAGE);
    expect(r.stderr).toMatch(
      /cannot install ioredis@4\.27\.0: code ECONNREFUSED; .*\(kvscope installs client versions with npm from the npm registry; offline, use the bundled version \(no target\.client\)\)/,
    );
    expect(runFiles().length).toBe(before);
    expect(kvscope(offline, ['clients', 'list']).stdout).not.toContain('4.27.0');
  });

  it('removes an installed version', () => {
    const r = kvscope(sb, ['clients', 'remove', 'ioredis@4.28.5']);
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(join(sb.env.XDG_CACHE_HOME, 'kvscope', 'clients', 'ioredis-4.28.5'))).toBe(false);
    expect(kvscope(sb, ['clients', 'remove', 'ioredis@4.28.5']).status).toBe(EXIT_USAGE);
  });
});
