import { useEffect, useState } from 'react';
import type { AgentsView } from '../../../app/protocol/bridge';
import { AGENT_HEARTBEAT_MS } from '../../../app/protocol/agent';
import { useBridge } from '../bridge/context';

/** The list is asked for as often as agents say they are up: a state never lags by more than one heartbeat. */
const AGENTS_POLL_MS = AGENT_HEARTBEAT_MS;

/** The load generators main knows (agents over NATS), asked again every heartbeat while shown. */
export function useAgents(): AgentsView | null {
  const { bridge } = useBridge();
  const [view, setView] = useState<AgentsView | null>(null);
  useEffect(() => {
    let alive = true;
    const ask = (): void =>
      void bridge.listAgents({}).then(
        (v) => alive && setView(v),
        () => undefined,
      );
    ask();
    const timer = setInterval(ask, AGENTS_POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [bridge]);
  return view;
}
