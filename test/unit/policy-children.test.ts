import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateScenario } from '../../app/scenario/schema';
import { FileSink } from '../../workers/load/drivers/aerospike/sink';
import { memberConfig } from '../../workers/local/hazelcast-member';

describe("scenario text reaching a child's config file or a shared folder", () => {
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-policy-children-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("the Hazelcast cluster name stays text in a member's XML config", () => {
    const name = 'dev</cluster-name><user-code-deployment enabled="true"/><cluster-name>x&';
    const xml = memberConfig(name, 5701, [5701], '5.7.0');
    expect(xml).toContain(
      '<cluster-name>dev&lt;/cluster-name&gt;&lt;user-code-deployment enabled=&quot;true&quot;/&gt;&lt;cluster-name&gt;x&amp;</cluster-name>',
    );
    expect(xml).not.toContain('<user-code-deployment');
    // A 3.x member names its cluster by its group.
    const old = memberConfig(name, 5701, [5701], '3.12.13');
    expect(old).toContain('<group><name>dev&lt;/cluster-name&gt;&lt;user-code-deployment');
    expect(old).not.toContain('<user-code-deployment');
  });

  it('a cluster name with control characters (which XML cannot carry) is refused by the schema', () => {
    const v = validateScenario({ target: { kind: 'hazelcast', clusterName: 'dev\n<x/>' } });
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.errors).toEqual([{ field: 'target.clusterName', reason: 'must not contain control characters' }]);
    expect(validateScenario({ target: { kind: 'hazelcast', clusterName: 'my cluster-1' } }).ok).toBe(true);
  });

  it('the file sink never writes through a file or symlink put at its name beforehand, nor removes it; a free name it writes and removes', async () => {
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious');
    const planted = join(dir, `kvscope-sink-${process.pid}-7.ndjson`);
    symlinkSync(victim, planted);
    const sink = new FileSink(dir, 7);
    await new Promise((r) => setTimeout(r, 50));
    expect(() => sink.write({ bins: { v: 'overwrite' } })).toThrow(/EEXIST/);
    await sink.close();
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(existsSync(planted)).toBe(true);
    // A free name is written, and the file removed after.
    const own = new FileSink(dir, 8);
    own.write({ bins: { v: 'x' } });
    // The file is opened asynchronously.
    await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(own.path)).toBe(true);
    await own.close();
    expect(existsSync(own.path)).toBe(false);
  });
});
