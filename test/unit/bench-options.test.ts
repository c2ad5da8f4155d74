import { describe, expect, it } from 'vitest';
import { optionsOrUsage } from '../../bench/options';

/** The options, or the usage message printed instead. */
function parse(argv: string[]): ReturnType<typeof optionsOrUsage> | string {
  const printed: string[] = [];
  return optionsOrUsage(argv, (l) => printed.push(l)) ?? printed.join('\n');
}

describe("the benchmarks' options", () => {
  it('take --loop and --against DIR together, in both spellings', () => {
    expect(parse(['--loop', '--against', '/tmp/old/dist', '--rounds', '5'])).toMatchObject({
      loop: true,
      against: '/tmp/old/dist',
      rounds: 5,
    });
    expect(parse(['--loop', '--against=/tmp/old/dist'])).toMatchObject({ loop: true, against: '/tmp/old/dist' });
  });

  it("warm up past the clients' first recompilations unless told otherwise (a Hazelcast client's at its first metrics, 5 s in)", () => {
    expect(parse([])).toMatchObject({ warmupSeconds: 8 });
    expect(parse(['--warmup', '0'])).toMatchObject({ warmupSeconds: 0 });
  });

  it('refuse --against without --loop, or without a folder, naming the option', () => {
    expect(parse(['--against', '/tmp/old/dist'])).toMatch(/^--against compares loops: it needs --loop/);
    expect(parse(['--loop', '--against'])).toMatch(/--against <value>' argument missing/);
    expect(parse(['--loop', '--against', '--rounds', '3'])).toMatch(/Option '--against' argument is ambiguous/);
    expect(parse(['--rounds', '0'])).toMatch(/^--rounds needs a whole number from 1 to 50, got "0"/);
    expect(parse(['--only', 'redis'])).toMatch(/^--only: takes redis-cluster or hazelcast, got "redis"/);
    expect(parse(['--only=hazelcast'])).toMatchObject({ only: 'hazelcast' });
  });

  it('take --sensitivity NS with --paired only, bounded, naming the option', () => {
    expect(parse(['--paired', '--sensitivity', '100'])).toMatchObject({ paired: true, sensitivityNs: 100 });
    expect(parse(['--paired', '--sensitivity=250'])).toMatchObject({ sensitivityNs: 250 });
    expect(parse(['--sensitivity', '100'])).toMatch(/^--sensitivity adds a pair to each paired round: it needs --paired/);
    expect(parse(['--paired', '--sensitivity', '0'])).toMatch(/^--sensitivity needs a whole number from 1 to 100000, got "0"/);
    expect(parse(['--paired', '--sensitivity', '1e6'])).toMatch(/^--sensitivity needs a whole number from 1 to 100000, got "1e6"/);
  });
});
