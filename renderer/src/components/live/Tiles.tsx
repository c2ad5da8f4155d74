import { useKv } from '../../store/store';
import { runTileValues, tileValues } from './tiles';

/** The headline numbers: the newest second while the run goes, the whole run once it has ended (as the Summary). */
export function Tiles() {
  const last = useKv((s) => s.live.last ?? undefined);
  const summary = useKv((s) => s.live.summary);
  const kind = useKv((s) => s.live.run?.scenario.target.kind ?? 'builtin-kv');
  const tiles = summary ? runTileValues(summary, kind, last) : tileValues(last, kind);
  const scope = summary ? 'whole run' : 'last second';
  return (
    <section className="tiles" aria-label={scope} data-scope={scope}>
      <div className="tiles-scope muted" data-testid="tiles-scope">
        {summary ? 'Whole run (as the Summary below)' : 'Last second'}
      </div>
      {tiles.map((t) => (
        <div key={t.id} className={t.alert ? 'tile alert' : 'tile'}>
          <div className="tile-label">
            {t.label}
            {summary && t.id === 'memory' ? ' (peak)' : ''}
          </div>
          <div className="tile-value">
            <span data-testid={`tile-${t.id}`}>{t.value}</span>
            {t.unit && <span className="tile-unit">{t.unit}</span>}
          </div>
        </div>
      ))}
    </section>
  );
}
