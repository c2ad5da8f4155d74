import type { ReactNode } from 'react';
import type { Row } from '../chart-data/row';
import { WHOLE_RUN, type TimeFrame } from '../chart-data/timeFrame';
import { Plot, type Band } from './Plot';
import type { ChartSpec } from './spec';
import { axisNote } from './valueAxis';

export type { Band } from './Plot';

const NO_BANDS: readonly Band[] = [];

interface Props {
  spec: ChartSpec;
  rows: Row[];
  testId: string;
  /** Shaded stretches of run seconds, e.g. the warm-up. Keep the array stable between renders. */
  bands?: readonly Band[];
  /** Controls shown in the chart's header (window, split). */
  actions?: ReactNode;
  emptyText?: string;
  /** The time axis' span: a sliding window, or the whole run (the default). */
  frame?: TimeFrame;
}

/** The one chart component: every chart of the app is a ChartSpec and rows, framed the same way. */
export function Chart({
  spec,
  rows,
  testId,
  bands = NO_BANDS,
  actions,
  emptyText = 'Waiting for the first second…',
  frame = WHOLE_RUN,
}: Props) {
  return (
    <section className="panel chart" data-testid={testId} data-points={rows.length}>
      <header className="panel-head">
        <h2>
          {spec.title} {axisNote(spec) && <span className="unit">{axisNote(spec)}</span>}
        </h2>
        {actions && <div className="panel-actions">{actions}</div>}
      </header>
      {/*
        The frame is drawn before the first second too: mounting three charts
        is the costliest render the page has (110-190 ms in bench:ui), better
        paid when the page opens than as a stall when the first numbers land.
      */}
      <div className="chart-body">
        <Plot spec={spec} rows={rows} bands={bands} frame={frame} />
        {rows.length === 0 && <div className="chart-empty">{emptyText}</div>}
      </div>
    </section>
  );
}
