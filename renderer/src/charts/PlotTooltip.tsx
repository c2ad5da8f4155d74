import { fmtClock, fmtCompact, US_PER_MS } from '../../../app/report/numbers';
import { fmtLatency } from '../../../app/report/latency-format';
import type { Row } from '../chart-data/row';
import type { ChartSpec } from './spec';
import { isLatency } from './valueAxis';

/** Keeps the box off the cursor line. */
const OFFSET_PX = 12;

interface Props {
  spec: ChartSpec;
  row: Row;
  /** The hovered second's x in the plot, and the plot's width, to keep the box inside it. */
  x: number;
  width: number;
}

/** What hovering a second shows: every series' value at that second. */
export function PlotTooltip({ spec, row, x, width }: Props) {
  const onRight = x < width / 2;
  const style = onRight ? { left: x + OFFSET_PX } : { right: width - x + OFFSET_PX };
  return (
    <div className="plot-tooltip" style={style} data-testid="plot-tooltip">
      <div className="plot-tooltip-label">second {fmtClock(row.t)}</div>
      {spec.series.map((s) =>
        typeof row[s.key] === 'number' ? (
          <div key={s.key} style={{ color: s.color }}>
            {s.label}: {isLatency(s.unit) ? fmtLatency(row[s.key] * US_PER_MS) : `${fmtCompact(row[s.key])} ${s.unit}`}
          </div>
        ) : null,
      )}
    </div>
  );
}
