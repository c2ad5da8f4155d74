import { NextSteps } from '../components/live/NextSteps';
import { CapacityPanel } from '../components/live/CapacityPanel';
import { CpuTable } from '../components/live/CpuTable';
import { LatencyPanel } from '../components/live/LatencyPanel';
import { LogPanel } from '../components/live/LogPanel';
import { MemoryPanel } from '../components/live/MemoryPanel';
import { NodeTable } from '../components/live/NodeTable';
import { PlacesPanel } from '../components/live/PlacesPanel';
import { RunBar } from '../components/live/RunBar';
import { SaturationWarning } from '../components/live/SaturationWarning';
import { SummaryTable } from '../components/live/SummaryTable';
import { ThroughputPanel } from '../components/live/ThroughputPanel';
import { Tiles } from '../components/live/Tiles';
import { useKv } from '../store/store';

/** The live view of the current (or last) run. */
export function LivePage() {
  const hasRun = useKv((s) => s.live.run !== null);
  if (!hasRun) {
    return (
      <div className="empty-page">
        <h1>No run yet</h1>
        <p className="muted">Pick a scenario, adjust its settings and press Start; its numbers appear here second by second.</p>
        <button type="button" className="primary" onClick={() => useKv.getState().setPage('scenarios')}>
          Choose a scenario
        </button>
      </div>
    );
  }
  return (
    <div className="live">
      <RunBar />
      <NextSteps />
      <CapacityPanel />
      <Tiles />
      <SummaryTable />
      <ThroughputPanel />
      {/* Under the first chart: a warning that comes and goes by the second must not move the chart. */}
      <SaturationWarning />
      <div className="grid-2">
        <LatencyPanel />
        <MemoryPanel />
      </div>
      <div className="grid-2">
        <NodeTable />
        <LogPanel />
      </div>
      <CpuTable />
      <PlacesPanel />
    </div>
  );
}
