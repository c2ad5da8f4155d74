// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCatalog } from '../../renderer/src/hooks/useCatalog';
import { useLocalTools } from '../../renderer/src/hooks/useLocalTools';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { fakeBridge, wrapper } from './fixtures';

beforeEach(resetStore);
afterEach(cleanup);

describe('what the machine has for local clusters', () => {
  it('reaches the store even when the catalog answers first (as on a real connection)', async () => {
    const fake = fakeBridge();
    useKv.setState({ connection: 'open' });
    renderHook(
      () => {
        useCatalog();
        useLocalTools();
      },
      { wrapper: wrapper(fake.bridge) },
    );
    await act(async () => undefined);
    expect(useKv.getState().catalog).toEqual([]);
    expect(useKv.getState().localTools).toEqual(fake.tools);
    expect(fake.calls.filter((c) => c.channel === 'localTools')).toHaveLength(1);
  });
});
