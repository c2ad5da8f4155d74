import { describe, expect, it } from 'vitest';
import { MIB } from '../../app/report/numbers';
import { parseScenario, validateScenario } from '../../app/scenario/schema';
import { admitScenario } from '../../main/policy/admit';
import { checkMemberHeap } from '../../main/policy/member-heap';
import { memberArgs } from '../../workers/local/hazelcast-member';

const GIB = 1024 * MIB;
const errorsOf = (input: unknown) => {
  const v = validateScenario(input);
  return v.ok ? [] : v.errors;
};
const hazelcast = (target: Record<string, unknown>) => {
  const t = parseScenario({ target: { kind: 'hazelcast', ...target } }).target;
  if (t.kind !== 'hazelcast') throw new Error(`parsed a ${t.kind} target`);
  return t;
};

describe('target.memberHeapMb: the local Hazelcast members’ heap', () => {
  it('defaults to 512 MiB and refuses what is not a whole number of MiB within bounds, naming the field', () => {
    expect(hazelcast({ localMembers: 2 })).toMatchObject({ memberHeapMb: 512 });
    expect(errorsOf({ target: { kind: 'hazelcast', memberHeapMb: 32 } })).toEqual([
      { field: 'target.memberHeapMb', reason: 'must be at least 64 MiB: a smaller heap cannot hold a member' },
    ]);
    expect(errorsOf({ target: { kind: 'hazelcast', memberHeapMb: 1.5 } })).toEqual([
      { field: 'target.memberHeapMb', reason: 'must be a whole number' },
    ]);
    expect(errorsOf({ target: { kind: 'hazelcast', memberHeapMb: '1g' } })).toEqual([
      { field: 'target.memberHeapMb', reason: 'must be a number' },
    ]);
    expect(errorsOf({ target: { kind: 'hazelcast', memberHeapMb: 10 * 1024 * 1024 } })[0].field).toBe('target.memberHeapMb');
  });

  it('admits members whose heaps take at most half the machine, refuses more with the value and what fits', () => {
    expect(checkMemberHeap(hazelcast({ localMembers: 2, memberHeapMb: 1024 }), 4 * GIB)).toEqual([]);
    expect(checkMemberHeap(hazelcast({ localMembers: 2, memberHeapMb: 1025 }), 4 * GIB)).toEqual([
      {
        field: 'target.memberHeapMb',
        reason:
          "2 local members of 1025 MiB each take 2050 MiB, more than the 2048 MiB the members' heaps may take together " +
          "(50 % of this machine's 4096 MiB); give at most 1024 MiB, or fewer members",
      },
    ]);
    // Without local members kvscope starts no JVM: the setting is not used.
    expect(checkMemberHeap(hazelcast({ localMembers: 0, memberHeapMb: 200_000 }), 4 * GIB)).toEqual([]);
  });

  it('is checked when a run is admitted, against this machine', () => {
    const huge = parseScenario({ target: { kind: 'hazelcast', localMembers: 8, memberHeapMb: 256 * 1024 } });
    expect(admitScenario(huge)).toContainEqual({
      field: 'target.memberHeapMb',
      reason: expect.stringMatching(/^8 local members of 262144 MiB/),
    });
    expect(admitScenario(parseScenario({ target: { kind: 'hazelcast', localMembers: 1, memberHeapMb: 64 } }))).toEqual([]);
  });

  it("gives each member's java the setting as -Xmx", () => {
    const launch = { config: '/tmp/m.xml', jar: '/cache/hazelcast.jar', version: '5.7.0' };
    expect(memberArgs({ ...launch, heapMb: hazelcast({ localMembers: 2, memberHeapMb: 768 }).memberHeapMb })[0]).toBe('-Xmx768m');
    const args = memberArgs({ ...launch, heapMb: 512, agent: '-javaagent:/cache/jmx.jar=127.0.0.1:9000:/tmp/x.yaml' });
    expect(args.filter((a) => a.startsWith('-Xmx'))).toEqual(['-Xmx512m']);
    // JVM options come before the main class: after it they would be the member's own arguments.
    expect(args.indexOf('-Xmx512m')).toBeLessThan(args.indexOf('com.hazelcast.core.server.HazelcastMemberStarter'));
    expect(args).toContain('-javaagent:/cache/jmx.jar=127.0.0.1:9000:/tmp/x.yaml');
  });
});
