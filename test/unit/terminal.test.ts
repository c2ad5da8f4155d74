import { describe, expect, it } from 'vitest';
import { terminalSafe } from '../../main/cli/terminal';

describe('terminalSafe', () => {
  it('drops whole escape sequences: window title (OSC), screen clear and colours (CSI), 8-bit forms', () => {
    expect(terminalSafe('a\x1b]0;evil title\x07b')).toBe('ab');
    expect(terminalSafe('a\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\b')).toBe('alinkb');
    expect(terminalSafe('a\x1b[2J\x1b[1;1Hb')).toBe('ab');
    expect(terminalSafe('\x1b[31mred\x1b[0m')).toBe('red');
    expect(terminalSafe('a\x9b2Jb')).toBe('a2Jb');
    expect(terminalSafe('a\x9d0;title\x9cb')).toBe('ab');
    expect(terminalSafe('cut\x1b')).toBe('cut');
  });

  it('drops carriage returns, backspaces, bells and DEL, which can hide or rewrite what was printed', () => {
    expect(terminalSafe('safe\rEVIL')).toBe('safeEVIL');
    expect(terminalSafe('ab\bc\x07\x7f')).toBe('abc');
  });

  it('keeps text, tabs, newlines and any script', () => {
    const text = 'name\tvalue\nünïcode ✓ 日本 — 12.3%';
    expect(terminalSafe(text)).toBe(text);
  });
});
