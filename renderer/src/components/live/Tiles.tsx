import { useKv } from '../../store/store';
import { tileValues } from './tiles';

/** The headline numbers of the newest second. */
export function Tiles() {
  const last = useKv((s) => s.live.last ?? undefined);
  const kind = useKv((s) => s.live.run?.scenario.target.kind ?? 'builtin-kv');
  return (
    <section className="tiles" aria-label="latest second">
      {tileValues(last, kind).map((t) => (
        <div key={t.id} className={t.alert ? 'tile alert' : 'tile'}>
          <div className="tile-label">{t.label}</div>
          <div className="tile-value">
            <span data-testid={`tile-${t.id}`}>{t.value}</span>
            {t.unit && <span className="tile-unit">{t.unit}</span>}
          </div>
        </div>
      ))}
    </section>
  );
}
