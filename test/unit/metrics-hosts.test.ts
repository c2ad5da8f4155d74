import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseScenario, validateScenario } from '../../app/scenario/schema';
import { admitScenario } from '../../main/policy/admit';

const errorsOf = (target: object) => {
  const v = validateScenario({ target });
  return v.ok ? [] : v.errors;
};

describe('metrics endpoints a scenario may never name', () => {
  it.each([
    ['http://169.254.169.254/latest/meta-data/iam/security-credentials/', /link-local address/],
    ['http://[fe80::1]:9100/metrics', /link-local address \(fe80::\/10\)/],
    ['http://metadata.google.internal/computeMetadata/v1/', /cloud metadata service/],
    ['http://[fd00:ec2::254]/latest/meta-data/', /cloud metadata service/],
    ['http://100.100.100.200/latest/meta-data/', /cloud metadata service/],
    ['http://[::ffff:169.254.169.254]/', /link-local address/],
    ['http://0.0.0.0:9100/metrics', /not an address a server listens on/],
    ['http://admin:hunter2@127.0.0.1:9100/metrics', /must not carry a user or password/],
  ])('refuses %s, naming the field and why', (url, why) => {
    expect(errorsOf({ kind: 'redis', metricsUrls: [url] })).toEqual([
      { field: 'target.metricsUrls.0', reason: expect.stringMatching(why) as string },
    ]);
  });
});

describe("metrics endpoints on the target's own hosts, or those the user lists", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
  /** An environment whose config folder holds `config`, if given: the user's own config file is never read by tests. */
  function env(config?: object): NodeJS.ProcessEnv {
    const dir = mkdtempSync(join(tmpdir(), 'kvscope-metrics-hosts-'));
    dirs.push(dir);
    if (config) writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
    return { ...process.env, KVSCOPE_CONFIG_DIR: dir };
  }
  const admit = (target: object, e = env()) => admitScenario(parseScenario({ target }), e);

  it("refuses another machine's endpoint, such as an admin page of some other service, and says how to allow it", () => {
    const e = env();
    const errors = admit({ kind: 'redis', host: '127.0.0.1', metricsUrls: ['http://10.1.2.3:8080/admin/flush?confirm=yes'] }, e);
    expect(errors).toEqual([
      {
        field: 'target.metricsUrls.0',
        reason: `10.1.2.3 is not one of the target's hosts (127.0.0.1): a scenario reads metrics only from the machines it benchmarks; to read them from 10.1.2.3, add "10.1.2.3" to "metricsHosts" in ${join(e.KVSCOPE_CONFIG_DIR!, 'config.json')}`,
      },
    ]);
  });

  it("admits the target's hosts: each seed or member, and this machine by any loopback name", () => {
    expect(
      admit({ kind: 'redis', host: '127.0.0.1', metricsUrls: ['http://localhost:9121/metrics', 'http://[::1]:9121/metrics'] }),
    ).toEqual([]);
    expect(admit({ kind: 'aerospike', hosts: '10.0.0.5:3000,10.0.0.6', metricsUrls: ['http://10.0.0.6:9145/metrics'] })).toEqual([]);
    expect(admit({ kind: 'hazelcast', members: 'hz1.lan:5701,hz2.lan', metricsUrls: ['http://HZ2.lan:8080/metrics#hz2'] })).toEqual([]);
    expect(
      admit({ kind: 'builtin-kv', external: true, host: '10.0.0.9', port: 8080, metricsUrls: ['http://10.0.0.9:9100/metrics'] }),
    ).toEqual([]);
    // A node the seeds do not name is another machine until the user says otherwise.
    expect(admit({ kind: 'aerospike', hosts: '10.0.0.5', metricsUrls: ['http://10.0.0.7:9145/metrics'] })).toHaveLength(1);
  });

  it('admits a host the user lists in "metricsHosts" of the config, and nothing the list does not name', () => {
    const e = env({ metricsHosts: ['10.0.0.7', 'prom.lan'] });
    expect(
      admit({ kind: 'aerospike', hosts: '10.0.0.5', metricsUrls: ['http://10.0.0.7:9145/metrics', 'http://prom.lan/m#n'] }, e),
    ).toEqual([]);
    expect(admit({ kind: 'aerospike', hosts: '10.0.0.5', metricsUrls: ['http://10.0.0.8:9145/metrics'] }, e)).toEqual([
      {
        field: 'target.metricsUrls.0',
        reason: expect.stringMatching(/^10\.0\.0\.8 is not one of the target's hosts \(10\.0\.0\.5\)/) as string,
      },
    ]);
    // The list cannot open a metadata address: the schema refuses it before the config is read.
    expect(errorsOf({ kind: 'aerospike', hosts: '169.254.169.254', metricsUrls: ['http://169.254.169.254/'] })).toHaveLength(1);
  });
});
