import { describe, expect, it } from 'vitest';
import { MemberLog } from '../../workers/local/member-log';

/** A Hazelcast 3.12.13 member's own log as it starts and a second member joins (java.util.logging's lines). */
const STARTING = `Dec 07, 2026 9:11:24 PM com.hazelcast.internal.cluster.ClusterService
INFO: [127.0.0.1]:5791 [dev] [3.12.13]

Members {size:1, ver:1} [
\tMember [127.0.0.1]:5791 - 81cb40b5-030c-43b2-9f54-dbdf44e31525 this
]

Dec 07, 2026 9:11:24 PM com.hazelcast.core.LifecycleService
INFO: [127.0.0.1]:5791 [dev] [3.12.13] [127.0.0.1]:5791 is STARTING
`;
const STARTED = `Dec 07, 2026 9:11:24 PM com.hazelcast.core.LifecycleService
INFO: [127.0.0.1]:5791 [dev] [3.12.13] [127.0.0.1]:5791 is STARTED
`;
const JOINED = `Members {size:2, ver:2} [
\tMember [127.0.0.1]:5791 - 81cb40b5-030c-43b2-9f54-dbdf44e31525 this
\tMember [127.0.0.1]:5792 - 1d2b40b5-030c-43b2-9f54-dbdf44e31526
]
`;

describe("MemberLog: a member's readiness from its own log", () => {
  it('is started only at "is STARTED", and counts the members of the last list printed', () => {
    const log = new MemberLog();
    log.read(STARTING);
    expect([log.started, log.members]).toEqual([false, 1]);
    log.read(STARTED);
    expect([log.started, log.members]).toEqual([true, 1]);
    log.read(JOINED);
    expect(log.members).toBe(2);
  });

  it('reads a line split across chunks, and the chunks of each stream apart', () => {
    const log = new MemberLog();
    const text = STARTED + JOINED;
    const at = text.indexOf('STAR') + 2;
    log.read(text.slice(0, at), 'stderr');
    log.read('noise from stdout\n', 'stdout');
    expect(log.started).toBe(false);
    log.read(text.slice(at), 'stderr');
    expect([log.started, log.members]).toEqual([true, 2]);
  });
});
