import type { TargetKind } from '../../../../app/scenario/targets';
import type { Draft } from '../../store/draft';
import { getPath } from '../../store/draft';
import { useKv } from '../../store/store';

/** Which setting asks for a local cluster, per kind that can have one. */
const LOCAL_SETTING: Partial<Record<TargetKind, { path: string; tool: 'redis' | 'hazelcast'; what: string }>> = {
  redis: { path: 'target.localCluster', tool: 'redis', what: 'Redis Cluster' },
  hazelcast: { path: 'target.localMembers', tool: 'hazelcast', what: 'Hazelcast cluster' },
};

/**
 * Under the target settings: whether kvscope can start a local cluster of
 * this kind here, with what, or what is missing. Asked for but impossible,
 * it reads as an error next to the setting.
 */
export function LocalClusterNote({ kind, draft }: { kind: TargetKind; draft: Draft }) {
  const tools = useKv((s) => s.localTools);
  const local = LOCAL_SETTING[kind];
  if (!local || !tools) return null;
  const status = tools[local.tool];
  const asked = Number(getPath(draft, local.path) ?? 0) > 0;
  const text = status.available
    ? `A local ${local.what} can be started for the run (${status.detail}).`
    : `No local ${local.what} on this machine: ${status.detail}.`;
  return (
    <p
      className={!status.available && asked ? 'field-error' : 'hint'}
      data-testid="local-cluster-note"
      role={!status.available && asked ? 'alert' : undefined}
    >
      {text}
    </p>
  );
}
