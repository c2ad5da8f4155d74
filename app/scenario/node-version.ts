/**
 * A scenario's `node` as a version of a managed runtime: a major, major.minor
 * or exact version (`22`, `22.11`, `22.11.0`), never a range, tag or URL.
 */
export const NODE_VERSION_SPEC = /^(\d{1,3})(?:\.(\d{1,4})(?:\.(\d{1,4}))?)?$/;

/** The runtime kvscope finds on PATH (`node`, as before `system` existed). */
export const SYSTEM_NODE = 'system';
export const NODE_ON_PATH = 'node';

export function isVersionSpec(s: string): boolean {
  return NODE_VERSION_SPEC.test(s);
}

/** Whether an exact version (v-prefixed or not) is one the spec names: 22 takes 22.x.y, 22.11 takes 22.11.y. */
export function versionMatches(spec: string, version: string): boolean {
  const want = NODE_VERSION_SPEC.exec(spec);
  const have = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!want || !have) return false;
  return want.slice(1).every((part, i) => part === undefined || Number(part) === Number(have[i + 1]));
}

/** A version as `node --version` prints it (v22.11.0) or as npm does (22.11.0), without the v. */
export const bareVersion = (v: string): string => v.replace(/^v/, '');
/** Its major, as a scenario names it: "22". */
export const majorOf = (v: string): string => bareVersion(v).split('.')[0];

/** Newest first: numeric comparison of major, minor, patch. */
export function compareVersions(a: string, b: string): number {
  const pa = bareVersion(a).split('.').map(Number);
  const pb = bareVersion(b).split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pb[i] ?? 0) - (pa[i] ?? 0);
  return 0;
}

/** The policy's refusal of a version not installed; the editor reads the version back to offer its install. */
export function notInstalledReason(spec: string): string {
  return `no Node ${spec} is installed: add it once with \`kvscope runtimes add ${spec}\` (or use "${SYSTEM_NODE}")`;
}

/** The version a notInstalledReason names, or undefined for any other reason. */
export function missingNodeVersion(reason: string): string | undefined {
  const m = /^no Node (\S+) is installed: /.exec(reason);
  return m && isVersionSpec(m[1]) ? m[1] : undefined;
}
