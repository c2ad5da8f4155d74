import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRunFile } from '../../app/run/reader';
import { CLI } from '../helpers/cli';

/**
 * kv-fixed-capacity's server: 4 handlers of 5 ms, so 800 requests a second by
 * construction. Past capacity by a share e, an open loop's wait grows by e
 * seconds every second: after a step's 4 s, 10 % over waits 400 ms and 5 %
 * over 200 ms. An objective of p99 < 250 ms so puts the edge between 5 and
 * 7 % over (within the 10 % asked), and a stall of a shared machine shorter
 * than 250 ms cannot pass for the knee.
 */
const KNOWN_CAPACITY = 800;
const WITHIN = 0.1;

describe('kvscope capacity on the built-in server of known capacity', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-capacity-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds its capacity within 10 %, each step a run of one group, and says it in one line and in a report', () => {
    const html = join(dir, 'capacity.html');
    const png = join(dir, 'capacity.png');
    const r = spawnSync(
      process.execPath,
      [
        CLI,
        'capacity',
        'kv-fixed-capacity',
        '--slo',
        'p99<250ms,errors<1%',
        '--set',
        'durationSeconds=3',
        '--runs-dir',
        dir,
        '--json',
        '--html',
        html,
        '--png',
        png,
        '--browser',
        '/usr/bin/chromium',
      ],
      { encoding: 'utf8', timeout: 170_000 },
    );
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      schema: number;
      ended: string;
      capacity: { rate: number; achieved: number };
      failedAt: { rate: number; why?: string };
      answer: string;
      steps: unknown[];
    };
    expect(out.schema).toBe(1);
    expect(out.ended).toBe('edge found');
    expect(Math.abs(out.capacity.achieved / KNOWN_CAPACITY - 1)).toBeLessThan(WITHIN);
    expect(out.failedAt.rate).toBeGreaterThan(out.capacity.rate);
    expect(out.answer).toMatch(/^\d{3} ops\/s within p99 < 250 ms, errors < 1 %; at \d{3} ops\/s /);
    // The steps went to standard error as they ran; standard output holds the JSON alone.
    expect(r.stderr).toMatch(/^probe \(closed loop\): \d+ ops\/s/m);
    expect(r.stderr).toMatch(/^step 1: \d+ ops\/s asked, \d+ reached: held$/m);
    // The report: the answer, latency against throughput with the knee and the limit marked, and every step.
    const report = readFileSync(html, 'utf8');
    expect(report).toContain(`<strong>${out.answer.replaceAll('<', '&lt;').replaceAll('>', '&gt;')}</strong>`);
    expect(report).toContain('Latency against throughput, a point per step');
    expect(report).toContain(`capacity ${Math.round(out.capacity.achieved)} ops/s`);
    expect(report).toContain('p99 limit 250 ms');
    expect(report.match(/<circle /g)?.length).toBe(3 * out.steps.length + 3);
    expect(report).not.toMatch(/<script/i);
    // The picture is the report, drawn by Chromium.
    const picture = readFileSync(png);
    expect(picture.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(picture.readUInt32BE(16)).toBeGreaterThan(1000);
    const files = readdirSync(dir).filter((f) => f.endsWith('.ndjson'));
    expect(files).toHaveLength(out.steps.length + 1);
    const groups = files.map((f) => readRunFile(join(dir, f)).header.group!);
    expect(new Set(groups.map((g) => `${g.kind} ${g.id}`)).size).toBe(1);
    expect(groups[0].kind).toBe('capacity');
    expect(groups.filter((g) => g.value === null)).toHaveLength(1);
  }, 180_000);

  it('refuses a missing or unreadable objective, or a missing browser, with exit 2, before any run', () => {
    const runFiles = () => readdirSync(dir).filter((f) => f.endsWith('.ndjson')).length;
    const before = runFiles();
    const none = spawnSync(process.execPath, [CLI, 'capacity', 'kv-fixed-capacity', '--runs-dir', dir], { encoding: 'utf8' });
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/capacity needs --slo/);
    const bad = spawnSync(process.execPath, [CLI, 'capacity', 'kv-fixed-capacity', '--slo', 'p99<fast', '--runs-dir', dir], {
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/"p99<fast" is not a condition/);
    const nobrowser = spawnSync(
      process.execPath,
      [
        CLI,
        'capacity',
        'kv-fixed-capacity',
        '--slo',
        'p99<2ms',
        '--png',
        join(dir, 'x.png'),
        '--browser',
        '/nonexistent/chrome',
        '--runs-dir',
        dir,
      ],
      { encoding: 'utf8' },
    );
    expect(nobrowser.status).toBe(2);
    expect(nobrowser.stderr).toMatch(/browser \/nonexistent\/chrome does not exist/);
    // Refused before any run: no step was started.
    expect(runFiles()).toBe(before);
  });
});
