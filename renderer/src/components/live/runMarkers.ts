import type { RunInfo } from '../../../../app/protocol/bridge';
import type { Marker } from '../../charts/Chart';

/** Where the measured phase begins: second `warmupSeconds` is its first. */
export function runMarkers(run: RunInfo | null): Marker[] {
  return run && run.warmupSeconds > 0 ? [{ t: run.warmupSeconds, label: 'measured' }] : [];
}
