import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRunFile } from '../../app/run/reader';
import { EXIT_USAGE } from '../../main/exit-codes';
import { kvscope, sandboxWithRedis } from './policy-fixtures';

/** A major other than the one the tests run on, installed for real from the npm registry. */
const OTHER_MAJOR = process.versions.node.startsWith('22.') ? '20' : '22';
const SHORT = ['--set', 'warmupSeconds=0', '--set', 'durationSeconds=2'];
const INSTALL_TIMEOUT_MS = 300_000;

describe('managed Node runtimes: kvscope runtimes add VERSION, and scenarios that name a version', () => {
  const { sb, port } = sandboxWithRedis();
  const runsFiles = () => readdirSync(sb.env.KVSCOPE_RUNS).filter((f) => f.endsWith('.ndjson'));

  it(`installs the newest Node ${OTHER_MAJOR} into kvscope's cache and runs redis-mix on it`, { timeout: INSTALL_TIMEOUT_MS }, () => {
    const add = kvscope(sb, ['runtimes', 'add', OTHER_MAJOR], INSTALL_TIMEOUT_MS - 10_000);
    expect(add.status, add.stderr).toBe(0);
    const bin = new RegExp(
      `added (${sb.env.XDG_CACHE_HOME}/kvscope/runtimes/node-v${OTHER_MAJOR}\\.\\d+\\.\\d+-[^ ]+/bin/node) \\(Node v${OTHER_MAJOR}\\.`,
    ).exec(add.stdout);
    expect(bin, add.stdout).not.toBeNull();
    expect(existsSync(bin![1])).toBe(true);
    expect(kvscope(sb, ['runtimes', 'list']).stdout).toMatch(new RegExp(`v${OTHER_MAJOR}\\.\\d+\\.\\d+ +"${OTHER_MAJOR}", `));

    const run = kvscope(sb, ['run', 'redis-mix', '--set', `node=${OTHER_MAJOR}`, '--set', `target.port=${port()}`, ...SHORT]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`workers on node v${OTHER_MAJOR}\\.\\d+\\.\\d+ \\(${bin![1]}\\)`));
    const file = readRunFile(join(sb.env.KVSCOPE_RUNS, runsFiles()[0]));
    expect(file.header.env.workerNode).toMatch(new RegExp(`^v${OTHER_MAJOR}\\.`));
    expect(file.header.scenario.node).toBe(OTHER_MAJOR);
  });

  it('sweeps over node, ending in a comparison that names the exact versions', { timeout: 120_000 }, () => {
    const r = kvscope(
      sb,
      ['run', 'redis-mix', '--sweep', `node=system,${OTHER_MAJOR}`, '--set', `target.port=${port()}`, ...SHORT, '--quiet'],
      110_000,
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(`node: "system" \\(redis-mix node=system \\(base\\)\\), "${OTHER_MAJOR}" \\(redis-mix node=${OTHER_MAJOR}\\)`),
    );
    expect(r.stdout).toMatch(
      new RegExp(`runtime\\.node: "${process.version}" .*, "v${OTHER_MAJOR}\\.\\d+\\.\\d+" \\(redis-mix node=${OTHER_MAJOR}\\)`),
    );
  });

  it('refuses a version that does not exist and one not installed: exit 2, a clear error, nothing started', { timeout: 120_000 }, () => {
    const before = runsFiles().length;
    const none = kvscope(sb, ['runtimes', 'add', '99'], 110_000);
    expect(none.status).toBe(EXIT_USAGE);
    expect(none.stderr).toMatch(/no Node 99 in the npm registry's node-\w+-\w+ package|cannot look up Node 99/);
    const bad = kvscope(sb, ['runtimes', 'add', 'latest']);
    expect(bad.status).toBe(EXIT_USAGE);
    expect(bad.stderr).toContain('"latest" is not a Node version (22, 22.11 or 22.11.0)');
    const missing = kvscope(sb, ['run', 'redis-mix', '--set', 'node=19', '--set', `target.port=${port()}`, ...SHORT]);
    expect(missing.status).toBe(EXIT_USAGE);
    expect(missing.stderr).toContain('node: no Node 19 is installed: add it once with `kvscope runtimes add 19`');
    expect(runsFiles().length).toBe(before);
  });

  it('removes an installed version with its files', () => {
    const dir = join(sb.env.XDG_CACHE_HOME, 'kvscope', 'runtimes');
    expect(readdirSync(dir).some((d) => d.startsWith(`node-v${OTHER_MAJOR}.`))).toBe(true);
    const r = kvscope(sb, ['runtimes', 'remove', OTHER_MAJOR]);
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(dir).some((d) => d.startsWith(`node-v${OTHER_MAJOR}.`))).toBe(false);
    expect(kvscope(sb, ['run', 'redis-mix', '--set', `node=${OTHER_MAJOR}`, ...SHORT]).status).toBe(EXIT_USAGE);
  });
});
