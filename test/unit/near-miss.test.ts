import { describe, expect, it } from 'vitest';
import { editDistance, nearMiss } from '../../app/near-miss';

describe('a near miss of a known name', () => {
  const known = ['kv-async', 'kv-cluster', 'redis-mix', 'redis-read-heavy', 'ycsb-a-redis', 'ycsb-b-redis'];

  it('counts edits', () => {
    expect(editDistance('kv-asnyc', 'kv-async')).toBe(2);
    expect(editDistance('redis-mx', 'redis-mix')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('names the one name a slip away, and nothing for a tie or a different name', () => {
    expect(nearMiss('kv-asnyc', known)).toBe('kv-async');
    expect(nearMiss('Redis-Mx', known)).toBe('redis-mix');
    expect(nearMiss('ycsb-c-redis', known)).toBeUndefined();
    expect(nearMiss('postgres', known)).toBeUndefined();
    // Two letters off a two-letter name is any name.
    expect(nearMiss('kv', ['kv-async', 'ab'])).toBeUndefined();
  });
});
