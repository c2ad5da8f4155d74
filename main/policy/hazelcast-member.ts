import { existsSync } from 'node:fs';
import { namedHazelcastJar } from '../../app/host/hazelcast-jar';
import { hazelcastJarVersion } from '../../app/host/jar-version';
import { targetClient } from '../../app/scenario/client-version';
import { memberMismatch } from '../../app/scenario/hazelcast-generation';
import type { FieldError } from '../../app/scenario/schema';
import type { Target } from '../../app/scenario/targets';
import { bundledVersion } from '../config/client-cache';

/**
 * A local cluster's members must speak the client protocol of the workers'
 * client: kvscope starts the member of the client's generation itself, but a
 * jar named by target.jar or KVSCOPE_HAZELCAST_JAR is what starts, and one
 * of the other protocol would fail only once the workers could not connect.
 * A named jar that is missing is left to the cluster's start to report.
 */
export function checkHazelcastMember(target: Target, env: NodeJS.ProcessEnv = process.env): FieldError[] {
  if (target.kind !== 'hazelcast' || target.localMembers === 0) return [];
  const named = namedHazelcastJar(target.jar, env);
  if (!named || !existsSync(named.path)) return [];
  const field = target.jar ? 'target.jar' : 'target.client';
  const member = hazelcastJarVersion(named.path);
  if (!member)
    return [
      {
        field,
        reason: `cannot tell which Hazelcast version ${named.from} ${named.path} is (no Maven name, no pom.properties of com.hazelcast:hazelcast)`,
      },
    ];
  const client = targetClient(target)?.version ?? bundledVersion('hazelcast-client');
  const mismatch = memberMismatch(client, member, named.path);
  return mismatch ? [{ field, reason: mismatch }] : [];
}
