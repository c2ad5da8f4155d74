import { useState } from 'react';
import type { WindowRows } from '../../chart-data/chartRows';
import type { PlaceMetric } from '../../chart-data/shape';
import { Chart } from '../../charts/Chart';
import { PLACE_METRICS, placeSpec } from '../../charts/spec';
import { useChartRows } from '../../hooks/useChartRows';
import { useKv } from '../../store/store';
import { Segmented } from '../Segmented';
import { useRunBands } from './runBands';
import { GeneratorsTable } from './GeneratorsTable';

const METRICS = Object.keys(PLACE_METRICS) as PlaceMetric[];
/** One stable spec function per metric (useChartRows thins once per cut), one line per load generator in view. */
const SPECS = Object.fromEntries(METRICS.map((m) => [m, (w: WindowRows) => placeSpec(w.placeNames, m)])) as Record<
  PlaceMetric,
  (w: WindowRows) => ReturnType<typeof placeSpec>
>;
const OPTIONS: { id: PlaceMetric; label: string }[] = METRICS.map((id) => ({ id, label: PLACE_METRICS[id].label }));

/** A run placed on agents: each load generator's ops/s, CPU, event loop or RSS over time, and its latest second in numbers. Nothing otherwise. */
export function PlacesPanel() {
  const placed = useKv((s) => Object.keys(s.live.rows.placeSeen).length > 0);
  const [metric, setMetric] = useState<PlaceMetric>('ops');
  const { spec, rows, frame } = useChartRows(SPECS[metric], 'places');
  const bands = useRunBands();
  if (!placed) return null;
  return (
    <div className="grid-2">
      <Chart
        spec={spec}
        rows={rows}
        frame={frame}
        emptyText=""
        testId="places-chart"
        bands={bands}
        actions={
          <Segmented<PlaceMetric>
            label="load generator metric"
            options={OPTIONS}
            value={metric}
            onChange={setMetric}
            testIdPrefix="place-metric"
          />
        }
      />
      <GeneratorsTable />
    </div>
  );
}
