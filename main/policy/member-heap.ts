import { totalmem } from 'node:os';
import { MIB } from '../../app/report/numbers';
import type { FieldError } from '../../app/scenario/schema';
import type { Target } from '../../app/scenario/targets';

/**
 * The share of this machine's memory a local Hazelcast cluster's heaps may
 * take together: the rest is for the members' memory outside the heap
 * (metaspace, threads, network buffers), the workers, main and the system.
 */
const MEMBER_HEAPS_SHARE = 0.5;

/**
 * A local cluster's members, each with `target.memberHeapMb` of heap, must
 * fit in this machine's memory with room for the rest: a heap larger than
 * the memory there is makes the kernel kill a member mid-run instead.
 */
export function checkMemberHeap(target: Target, totalBytes = totalmem()): FieldError[] {
  if (target.kind !== 'hazelcast' || target.localMembers === 0) return [];
  const { localMembers: members, memberHeapMb: heapMb } = target;
  const allowedMb = Math.floor((totalBytes * MEMBER_HEAPS_SHARE) / MIB);
  if (members * heapMb <= allowedMb) return [];
  const total = Math.round(totalBytes / MIB);
  return [
    {
      field: 'target.memberHeapMb',
      reason:
        `${members} local members of ${heapMb} MiB each take ${members * heapMb} MiB, more than the ${allowedMb} MiB the members' heaps ` +
        `may take together (${MEMBER_HEAPS_SHARE * 100} % of this machine's ${total} MiB); give at most ${Math.floor(allowedMb / members)} MiB, or fewer members`,
    },
  ];
}
