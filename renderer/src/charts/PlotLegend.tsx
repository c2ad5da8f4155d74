import type { ChartSpec } from './spec';

const DASH_STYLE = { solid: 'solid', dashed: 'dashed', dotted: 'dotted' } as const;

/** The chart's key: a swatch in the series' color and stroke, and its label. */
export function PlotLegend({ spec }: { spec: ChartSpec }) {
  return (
    <ul className="plot-legend">
      {spec.series.map((s) => (
        <li key={s.key} className={s.faded ? 'faded' : undefined}>
          <span className="swatch" style={{ borderTopColor: s.color, borderTopStyle: DASH_STYLE[s.stroke ?? 'solid'] }} />
          {s.label}
        </li>
      ))}
      {spec.kind === 'stackedArea' && (
        <li className="legend-note" data-testid="legend-stacked">
          stacked: the top edge is the total
        </li>
      )}
    </ul>
  );
}
