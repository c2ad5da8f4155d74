import type { FieldError } from '../../../../app/scenario/schema';

/** Fields are scrolled to the middle of the window, clear of the sticky Start bar. */
const SCROLL: ScrollIntoViewOptions = { block: 'center', behavior: 'smooth' };

/** The field that shows an error: its control (`f-PATH`), else its message (`err-PATH`). */
function fieldOf(path: string): HTMLElement | null {
  return document.getElementById(`f-${path}`) ?? document.getElementById(`err-${path}`);
}

/**
 * What keeps Start disabled, in the Start bar itself: one entry per wrong
 * setting, each taking the user to its field, so nothing hides under the bar.
 */
export function StartErrors({ errors }: { errors: readonly FieldError[] }) {
  const go = (path: string) => {
    const el = fieldOf(path);
    el?.scrollIntoView?.(SCROLL);
    el?.focus({ preventScroll: true });
  };
  return (
    <div className="start-errors" data-testid="start-blocked">
      <span>Fix {errors.length === 1 ? 'this setting' : `these ${errors.length} settings`} to start:</span>
      <ul>
        {errors.map((e) => (
          <li key={e.field + e.reason}>
            <button type="button" className="link" onClick={() => go(e.field)} data-testid={`goto-${e.field}`}>
              <span className="mono">{e.field}</span>: {e.reason}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
