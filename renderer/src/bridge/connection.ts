/** Whether requests can reach main right now. Electron IPC is always open. */
export type ConnectionState = 'connecting' | 'open' | 'closed';

type ConnectionListener = (state: ConnectionState) => void;

/**
 * Connection state is not part of the Bridge contract (IPC has none), so each
 * transport hands it out beside the Bridge in this transport-neutral shape.
 */
export interface ConnectionSource {
  current(): ConnectionState;
  subscribe(listener: ConnectionListener): () => void;
}

export const ALWAYS_OPEN: ConnectionSource = {
  current: () => 'open',
  subscribe: () => () => undefined,
};

/** A ConnectionSource whose state its owner sets. */
export function connectionCell(initial: ConnectionState): ConnectionSource & { set(state: ConnectionState): void } {
  let state = initial;
  const listeners = new Set<ConnectionListener>();
  return {
    current: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next) {
      if (next === state) return;
      state = next;
      for (const l of [...listeners]) l(next);
    },
  };
}
