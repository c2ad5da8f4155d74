import type { WindowRows } from '../../chart-data/chartRows';
import { Chart } from '../../charts/Chart';
import { placeThroughputSpec } from '../../charts/spec';
import { useChartRows } from '../../hooks/useChartRows';
import { useKv } from '../../store/store';
import { useRunBands } from './runBands';
import { GeneratorsTable } from './GeneratorsTable';

/** One line per load generator that reported in view. */
const placesSpec = (w: WindowRows) => placeThroughputSpec(w.placeNames);

/** A run placed on agents: each load generator's ops/s over time, and its latest second in numbers. Nothing otherwise. */
export function PlacesPanel() {
  const placed = useKv((s) => Object.keys(s.live.rows.placeSeen).length > 0);
  const { spec, rows, frame } = useChartRows(placesSpec, 'places');
  const bands = useRunBands();
  if (!placed) return null;
  return (
    <div className="grid-2">
      <Chart spec={spec} rows={rows} frame={frame} emptyText="" testId="places-chart" bands={bands} />
      <GeneratorsTable />
    </div>
  );
}
