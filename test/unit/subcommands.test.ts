import { describe, expect, it } from 'vitest';
import { dispatch, installing } from '../../main/cli/subcommands';
import { UsageError } from '../../main/cli/load-scenario';

describe('the list commands (clients, runtimes)', () => {
  const calls: string[][] = [];
  const subs = {
    list: () => 0,
    add: (rest: string[]) => (calls.push(rest), 0),
  };

  it('list when no subcommand is given, and pass the rest of the words on', () => {
    expect(dispatch('clients', [], subs, 'list, add X')).toBe(0);
    expect(dispatch('clients', ['add', 'ioredis@4.28.5'], subs, 'list, add X')).toBe(0);
    expect(calls).toEqual([['ioredis@4.28.5']]);
  });

  it('refuse an unknown subcommand (names inherited from Object too) and words after list, naming them', () => {
    for (const sub of ['upgrade', 'constructor', '__proto__', 'toString'])
      expect(() => dispatch('runtimes', [sub], subs, 'list, add X')).toThrow(
        new UsageError(`unknown runtimes command "${sub}" (list, add X)`),
      );
    expect(() => dispatch('clients', ['list', 'extra'], subs, 'list')).toThrow(/^clients list takes no arguments$/);
  });

  it('make a failed install bad usage, with npm’s reason', async () => {
    await expect(installing(Promise.reject(new Error('npm: no such version 9.9.9')))).rejects.toEqual(
      new UsageError('npm: no such version 9.9.9'),
    );
    await expect(installing(Promise.resolve('dir'))).resolves.toBe('dir');
  });
});
