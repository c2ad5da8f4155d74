import { describe, expect, it } from 'vitest';
import { ERROR_REPEAT_MS, ErrorLog } from '../../workers/load/error-log';

describe('ErrorLog', () => {
  it('logs each distinct failure once, then a count at most every ERROR_REPEAT_MS', () => {
    const lines: string[] = [];
    const e = new ErrorLog((m) => lines.push(m));
    const boom = new Error('ECONNRESET');
    e.record('get', boom, false, 0);
    e.record('get', boom, false, 10);
    e.record('set', new Error('x'), true, 20);
    expect(lines).toEqual(['get failed: ECONNRESET', 'set timed out: x']);
    e.record('get', boom, false, ERROR_REPEAT_MS + 5);
    expect(lines[2]).toBe('get failed: ECONNRESET (2 times in the last 10 s)');
    e.record('get', boom, false, ERROR_REPEAT_MS + 6);
    expect(lines).toHaveLength(3);
  });
});
