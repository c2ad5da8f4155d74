import type { ClientPackage } from './client-version';

/**
 * The versions each catalog upgrade entry compares: the last release of the
 * major before kvscope's bundled one, then the bundled version (which a test
 * keeps equal to package.json's, so the newer side never needs an install).
 */
export const UPGRADES = {
  ioredis: ['4.28.5', '5.11.1'],
  'hazelcast-client': ['4.2.1', '5.6.0'],
  aerospike: ['5.12.1', '6.7.1'],
} as const satisfies Record<ClientPackage, readonly [string, string]>;

/** The catalog sweep of an upgrade entry: `target.client=pkg@old,pkg@new`. */
export const upgradeSweep = (pkg: ClientPackage): string => `target.client=${UPGRADES[pkg].map((v) => `${pkg}@${v}`).join(',')}`;

/** How a description names the comparison, and that `run` installs the older version once. */
export const upgradeWords = (pkg: ClientPackage): string =>
  `${pkg} ${UPGRADES[pkg][0]} against ${UPGRADES[pkg][1]} (a sweep of target.client; ${pkg}@${UPGRADES[pkg][0]} is installed once, by kvscope run or Install in the editor)`;
