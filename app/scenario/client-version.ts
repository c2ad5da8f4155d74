import { z } from 'zod';
import { UPGRADES } from './catalog-upgrades';
import { compareVersions } from './node-version';

/** The client library each target kind's driver loads, and the versions the driver is written and tested for. */
export const CLIENT_RANGES = {
  // enableAutoPipelining (target.autoPipelining) arrived in 4.17.
  ioredis: { min: '4.17.0', belowMajor: 6 },
  // 0.10 is the oldest client of the 3.x client protocol the driver speaks to (connect-3x.ts), against 3.12 members.
  'hazelcast-client': { min: '0.10.0', belowMajor: 6 },
  // 5.12 ships prebuilt bindings for Node 18, 20 and 22 on glibc, which workers load without building.
  aerospike: { min: '5.12.0', belowMajor: 7 },
} as const;

export type ClientPackage = keyof typeof CLIENT_RANGES;

/** Major versions of aerospike whose install compiles the C client it downloads: no install kvscope makes can run that. */
const AEROSPIKE_BUILT_FROM_SOURCE_BELOW = 3;

/** What a refused version can do instead, where there is something to say. */
const BEYOND_RANGE: Partial<Record<ClientPackage, (version: string) => string>> = {
  aerospike: (version) =>
    Number(version.split('.')[0]) < AEROSPIKE_BUILT_FROM_SOURCE_BELOW
      ? `: its install downloads and compiles the Aerospike C client, which kvscope never does (npm runs with install scripts off and fetches nothing else); to compare client generations, run aerospike-client-upgrade (aerospike ${UPGRADES.aerospike.join(' against ')})`
      : '',
};

export const CLIENT_PACKAGE_NAMES = Object.keys(CLIENT_RANGES) as ClientPackage[];

/** A package and an exact version: what `target.client` names, never a range, tag, path or URL. */
export interface ClientSpec {
  pkg: ClientPackage;
  version: string;
}

const SPEC = /^([a-z][a-z-]*)@(\d{1,4}\.\d{1,4}\.\d{1,4})$/;
/** A spec of a client kvscope drives, as the Bridge's installClient takes it (checked again where it arrives). */
export const CLIENT_SPEC = /^(ioredis|hazelcast-client|aerospike)@\d{1,4}\.\d{1,4}\.\d{1,4}$/;

export const clientLabel = (c: ClientSpec): string => `${c.pkg}@${c.version}`;

export function rangeText(pkg: ClientPackage): string {
  const r = CLIENT_RANGES[pkg];
  return `${r.min} to ${r.belowMajor - 1}.x`;
}

/** A spec's parts, or the reason it is not one: for `target.client` and `kvscope clients add`. */
export function parseClientSpec(text: string, want?: ClientPackage): ClientSpec | string {
  const m = SPEC.exec(text);
  const example = `${want ?? 'ioredis'}@${want ? CLIENT_RANGES[want].min : '4.28.5'}`;
  if (!m) return `"${text}" is not a package and an exact version, e.g. ${example}`;
  const pkg = m[1] as ClientPackage;
  if (!(pkg in CLIENT_RANGES)) return `${m[1]} is not a client kvscope drives; expected one of ${CLIENT_PACKAGE_NAMES.join(', ')}`;
  if (want && pkg !== want) return `this target's client is ${want}, not ${pkg} (e.g. ${example})`;
  const version = m[2];
  const { min, belowMajor } = CLIENT_RANGES[pkg];
  if (compareVersions(version, min) > 0 || Number(version.split('.')[0]) >= belowMajor)
    return `${pkg}@${version} is outside the supported range ${rangeText(pkg)}${BEYOND_RANGE[pkg]?.(version) ?? ''}`;
  return { pkg, version };
}

/** `target.client` of a target kind whose driver loads `pkg`; absent: the version bundled with kvscope. */
export const clientField = (pkg: ClientPackage) =>
  z
    .string()
    .superRefine((text, ctx) => {
      const parsed = parseClientSpec(text, pkg);
      if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
    })
    .optional();

/** The policy's refusal of a version not in the cache; the editor reads the spec back to offer its install. */
export function clientNotInstalledReason(c: ClientSpec): string {
  return `${clientLabel(c)} is not installed: add it once with \`kvscope clients add ${clientLabel(c)}\``;
}

/** The spec a clientNotInstalledReason names, or undefined for any other reason. */
export function missingClient(reason: string): string | undefined {
  const m = /^(\S+@\d+\.\d+\.\d+) is not installed: /.exec(reason);
  return m && typeof parseClientSpec(m[1]) !== 'string' ? m[1] : undefined;
}

/** The client package each target kind's driver loads; other kinds use no client library. */
export const KIND_CLIENT: Readonly<Record<string, ClientPackage>> = {
  redis: 'ioredis',
  hazelcast: 'hazelcast-client',
  aerospike: 'aerospike',
};

/** The version a target asks for (parsed `target.client`), or undefined: the bundled one, or a kind without a client library. */
export function targetClient(t: { kind: string; client?: string }): ClientSpec | undefined {
  if (!KIND_CLIENT[t.kind] || !t.client) return undefined;
  const parsed = parseClientSpec(t.client, KIND_CLIENT[t.kind]);
  return typeof parsed === 'string' ? undefined : parsed;
}
