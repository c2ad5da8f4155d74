import { describe, expect, it } from 'vitest';
import { fmtBytes, fmtClock, fmtInt, fmtMs, fmtPct, fmtUsAsMs } from '../../app/report/numbers';

describe('numbers for people (one source for the terminal and the window)', () => {
  it('names the unit it takes: fmtMs takes milliseconds, fmtUsAsMs microseconds, both print milliseconds', () => {
    expect([fmtMs(1.234), fmtMs(12.34), fmtMs(123.4)]).toEqual(['1.23', '12.3', '123']);
    expect([fmtUsAsMs(1234), fmtUsAsMs(12_340), fmtUsAsMs(123_400)]).toEqual(['1.23', '12.3', '123']);
  });

  it('groups counts and never rounds a share up', () => {
    expect(fmtInt(1234567.6)).toBe('1,234,568');
    expect(fmtPct(0.99996)).toBe('99.9%');
  });

  it('prints bytes in binary units and seconds as a clock', () => {
    expect([fmtBytes(512), fmtBytes(1536), fmtBytes(5 * 1024 ** 2), fmtBytes(3 * 1024 ** 3)]).toEqual([
      '512 B',
      '1.5 KiB',
      '5.0 MiB',
      '3.0 GiB',
    ]);
    expect([fmtClock(59), fmtClock(61), fmtClock(3601)]).toEqual(['0:59', '1:01', '1:00:01']);
  });
});
