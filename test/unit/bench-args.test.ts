import { describe, expect, it } from 'vitest';
import { readArgs, usageOf, UsageError, type ArgSpecs } from '../../bench/args';
import { parseAsOptions } from '../../bench/aerospike/options';
import { parseOptions as parseUi } from '../../bench/ui/options';
import { parseOptions as parseServeSoak } from '../../bench/serve-soak/options';
import { parseOptions as parseSoak } from '../../bench/soak/options';

const SPECS = {
  rounds: { kind: 'whole', min: 1, max: 50, value: 'N', help: 'rounds' },
  hours: { kind: 'number', min: 0.01, max: 168, value: 'H', help: 'hours' },
  paired: { kind: 'switch', help: 'paired' },
  only: { kind: 'text', value: 'NAME', help: 'one', check: (v: string) => (v === 'a' ? undefined : 'takes a') },
} as const satisfies ArgSpecs;
const USAGE = usageOf('bench', SPECS);

function refusal(argv: string[]): string {
  try {
    readArgs(argv, SPECS, USAGE);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error(`accepted ${argv.join(' ')}`);
}

describe("the benchmarks' command lines", () => {
  it('read both spellings, switches, and leave absent flags absent', () => {
    expect(readArgs(['--rounds', '5', '--hours=0.5', '--paired', '--only', 'a'], SPECS, USAGE)).toEqual({
      rounds: 5,
      hours: 0.5,
      paired: true,
      only: 'a',
    });
    expect(readArgs([], SPECS, USAGE)).toEqual({});
  });

  it('refuse bad values naming the flag and the reason, then print the usage', () => {
    expect(refusal(['--rounds', '0'])).toMatch(/^--rounds needs a whole number from 1 to 50, got "0"\nusage: bench/);
    expect(refusal(['--rounds', '1.5'])).toMatch(/^--rounds needs a whole number/);
    expect(refusal(['--rounds='])).toMatch(/^--rounds needs a whole number from 1 to 50, got ""/);
    expect(refusal(['--hours', 'NaN'])).toMatch(/^--hours needs a number from 0.01 to 168, got "NaN"/);
    expect(refusal(['--only', 'b'])).toMatch(/^--only: takes a, got "b"/);
  });

  it('refuse unknown flags, stray words and a flag missing its value, as parseArgs names them', () => {
    expect(refusal(['--round', '5'])).toMatch(/Unknown option '--round'/);
    expect(refusal(['five'])).toMatch(/Unexpected argument 'five'/);
    expect(refusal(['--rounds'])).toMatch(/--rounds <value>' argument missing/);
    expect(refusal(['--only', '--paired'])).toMatch(/Option '--only' argument is ambiguous/);
  });

  it('answer --help and -h with the usage, a line per flag with its bounds', () => {
    expect(refusal(['-h'])).toBe(USAGE);
    expect(USAGE.split('\n')).toEqual([
      'usage: bench [--rounds N] [--hours H] [--paired] [--only NAME]',
      '  --rounds N   rounds (1 to 50)',
      '  --hours H    hours (0.01 to 168)',
      '  --paired     paired',
      '  --only NAME  one',
    ]);
  });

  it("hold every bench's own rules: defaults, required flags and flags that need another", () => {
    expect(parseAsOptions(['--hosts', '127.0.0.1:3000', '--paired'])).toMatchObject({ paired: true, workers: 1, rounds: 3 });
    expect(parseAsOptions([])).toMatch(/^--hosts is required/);
    expect(parseAsOptions(['--hosts', 'nohost:'])).toMatch(/^--hosts: .*got "nohost:"/);
    expect(parseAsOptions(['--hosts', '127.0.0.1:3000', '--paired', '--workers', '4'])).toMatch(
      /^--workers: --paired runs one worker a side, got 4/,
    );
    expect(parseAsOptions(['--hosts', '127.0.0.1:3000', '--in-flight=64'])).toMatchObject({ inFlight: 64 });
    expect(parseUi(['--windows', '5m,all', '--live-seconds', '30'])).toMatchObject({ windows: ['5m', 'all'], liveSeconds: 30 });
    expect(() => parseUi(['--windows', '5m,toString'])).toThrow(/^--windows: unknown window toString/);
    expect(parseServeSoak(['--minutes', '0.5'])).toMatchObject({ minutes: 0.5, runEverySeconds: 60 });
    expect(() => parseServeSoak(['--run-every-seconds', '2'])).toThrow(/^--run-every-seconds needs a whole number from 5 to 3600/);
    expect(parseSoak(['--hours', '0.06'])).toEqual({ hours: 0.06, workers: 4, checkpointSeconds: 36 });
    expect(() => parseSoak(['--workers', '0'])).toThrow(/^--workers needs a whole number from 1 to 64/);
  });
});
