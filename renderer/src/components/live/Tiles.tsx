import { useKv } from '../../store/store';
import type { CSSProperties } from 'react';
import { runTileValues, tileValues } from './tiles';

/**
 * Columns for one, two or three rows of tiles (styles.css picks by the
 * window's width), so rows hold about as many tiles each: 5 + 4, never 6 + 3.
 */
export const balancedColumns = (n: number): CSSProperties =>
  ({ '--tiles-1': n, '--tiles-2': Math.ceil(n / 2), '--tiles-3': Math.ceil(n / 3) }) as CSSProperties;

/**
 * The headline numbers. While the run goes: the newest second, and beside it
 * the run so far (its measured seconds, from the same function as the
 * Summary). Once it has ended: the whole run, as the Summary below.
 */
export function Tiles() {
  const last = useKv((s) => s.live.last ?? undefined);
  const summary = useKv((s) => s.live.summary);
  const soFar = useKv((s) => s.live.soFar);
  const kind = useKv((s) => s.live.run?.scenario.target.kind ?? 'builtin-kv');
  const tiles = summary ? runTileValues(summary, kind, last) : tileValues(last, kind);
  const running = !summary && soFar ? runTileValues(soFar, kind, last) : null;
  const scope = summary ? 'whole run' : 'last second';
  return (
    <section className="tiles" aria-label={scope} data-scope={scope} style={balancedColumns(tiles.length)}>
      <div className="tiles-scope muted" data-testid="tiles-scope">
        {summary ? 'Whole run (as the Summary below)' : running ? 'Last second · run so far' : 'Last second'}
      </div>
      {tiles.map((t, i) => (
        <div key={t.id} className={t.alert ? 'tile alert' : 'tile'}>
          <div className="tile-label">
            {t.label}
            {summary && t.id === 'memory' ? ' (peak)' : ''}
          </div>
          <div className="tile-value">
            <span data-testid={`tile-${t.id}`}>{t.value}</span>
            {t.unit && <span className="tile-unit">{t.unit}</span>}
          </div>
          {running && t.id !== 'nodes' && (
            <div className="tile-run muted" title="the run so far: its measured seconds, as the Summary will show them">
              run <span data-testid={`tile-${t.id}-run`}>{running[i].value}</span>
              {running[i].unit !== t.unit ? ` ${running[i].unit}` : ''}
              {t.id === 'memory' ? ' peak' : ''}
            </div>
          )}
        </div>
      ))}
    </section>
  );
}
