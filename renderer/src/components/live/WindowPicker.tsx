import { WINDOWS, type WindowId } from '../../chart-data/windows';
import { useKv } from '../../store/store';
import { Segmented } from '../Segmented';

/** How much time every chart of the Live page shows. */
export function WindowPicker() {
  const win = useKv((s) => s.view.window);
  return (
    <span className="window-picker">
      <span className="muted">Window</span>
      <Segmented<WindowId> label="chart window" options={WINDOWS} value={win} onChange={useKv.getState().setWindow} testIdPrefix="window" />
    </span>
  );
}
