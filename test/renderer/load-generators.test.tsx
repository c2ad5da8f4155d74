// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentsView } from '../../app/protocol/bridge';
import { LoadGenerators } from '../../renderer/src/components/scenarios/LoadGenerators';
import { resetStore } from '../../renderer/src/store/store';
import { fakeBridge, wrapper } from './fixtures';

beforeEach(resetStore);
afterEach(cleanup);

function show(view: AgentsView) {
  const fake = fakeBridge();
  fake.bridge.listAgents = async () => structuredClone(view);
  render(<LoadGenerators />, { wrapper: wrapper(fake.bridge) });
}

const agent = (name: string, state: 'up' | 'busy' | 'lost') => ({
  name,
  host: `${name}.lan`,
  cores: 8,
  memoryBytes: 2 ** 34,
  node: 'v22.11.0',
  kvscope: '0.1.0',
  state,
  lastSeenAt: 0,
});

describe('the Scenarios page lists the load generators', () => {
  it('this machine, then each agent up, in a run or lost', async () => {
    show({ nats: 'nats://coord:4222', agents: [agent('box1', 'up'), agent('box2', 'busy'), agent('box3', 'lost')] });
    await waitFor(() => expect(screen.getByTestId('generator-box1').textContent).toBe('box1 up box1.lan, 8 cores, Node v22.11.0'));
    expect(screen.getByTestId('generator-local').textContent).toContain('this machine');
    expect(screen.getByTestId('generator-box2').textContent).toContain('in a run');
    expect(screen.getByTestId('generator-box3').textContent).toContain('lost');
    expect(screen.getByTestId('generators-note').textContent).toContain("a scenario's placement puts workers on them");
  });

  it('says how to get agents when no NATS server is set', async () => {
    show({ nats: null, agents: [] });
    await waitFor(() =>
      expect(screen.getByTestId('generators-note').textContent).toMatch(/^No NATS server set: .*kvscope serve --nats URL/),
    );
  });
});
