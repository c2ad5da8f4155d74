import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../workers/local/wait-until';

/** A check like a ping to a port another process holds: it accepts and never answers. */
const never = (): Promise<boolean> => new Promise<boolean>(() => undefined);

describe('waitUntil', () => {
  it('ends with the reason to give up while a check never settles', async () => {
    const at = Date.now() + 300;
    const why = await waitUntil(never, 30_000, () => (Date.now() > at ? 'redis-server exited (code 1)' : undefined), 50);
    expect(why).toBe('redis-server exited (code 1)');
  });

  it('ends at its deadline while a check never settles', async () => {
    expect(await waitUntil(never, 300, () => undefined, 50)).toBe('not ready within 0.3 s');
  });

  it('returns nothing once the check holds, and counts a failed check as not yet', async () => {
    let calls = 0;
    const check = async (): Promise<boolean> => {
      calls++;
      if (calls < 3) throw new Error('ECONNREFUSED');
      return calls >= 4;
    };
    expect(await waitUntil(check, 30_000, () => undefined, 10)).toBeUndefined();
    expect(calls).toBe(4);
  });

  it('asks gaveUp before the first check', async () => {
    let checked = false;
    const why = await waitUntil(
      async () => (checked = true),
      30_000,
      () => 'cannot run redis-server',
    );
    expect(why).toBe('cannot run redis-server');
    expect(checked).toBe(false);
  });
});
