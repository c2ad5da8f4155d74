import type { FieldError, Scenario } from '../../app/scenario/schema';
import { clientLabel, clientNotInstalledReason, KIND_CLIENT, targetClient } from '../../app/scenario/client-version';
import { errorMessage } from '../../app/error-message';
import { bindingMismatch, runtimeAbi } from '../config/aerospike-binding';
import { bundledModuleDir, bundledVersion, clientModuleDir } from '../config/client-cache';
import { resolveNodeBinary } from '../engine/node-binary';

/**
 * The client version a target names must be installed (a scenario never
 * installs anything; the CLI and the dashboard's Install do), and an
 * aerospike client must have a prebuilt binding for the workers' Node.
 */
export function checkClient(s: Scenario, env: NodeJS.ProcessEnv = process.env): FieldError[] {
  const pkg = KIND_CLIENT[s.target.kind];
  if (!pkg) return [];
  const refuse = (reason: string): FieldError[] => [{ field: 'target.client', reason }];
  const spec = targetClient(s.target);
  const dir = spec ? clientModuleDir(spec, env) : bundledModuleDir(pkg);
  if (!dir) return refuse(clientNotInstalledReason(spec!));
  if (pkg !== 'aerospike') return [];
  let abi: string;
  try {
    abi = runtimeAbi(resolveNodeBinary(s.node, env).path);
  } catch {
    return []; // the node setting's own refusal says why
  }
  try {
    const mismatch = bindingMismatch(clientLabel(spec ?? { pkg, version: bundledVersion(pkg) }), dir, abi);
    return mismatch ? refuse(mismatch) : [];
  } catch (err) {
    return refuse(errorMessage(err));
  }
}
