import { createContext, useContext, type ReactNode } from 'react';
import type { BridgeConnection } from './index';

const BridgeContext = createContext<BridgeConnection | null>(null);

/** Components get the Bridge from here, so tests can hand in a fake one. */
export function BridgeProvider({ value, children }: { value: BridgeConnection; children: ReactNode }) {
  return <BridgeContext.Provider value={value}>{children}</BridgeContext.Provider>;
}

export function useBridge(): BridgeConnection {
  const b = useContext(BridgeContext);
  if (!b) throw new Error('useBridge outside <BridgeProvider>');
  return b;
}
