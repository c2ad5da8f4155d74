interface Option<T extends string> {
  id: T;
  label: string;
  disabled?: boolean;
  title?: string;
}

interface Props<T extends string> {
  label: string;
  options: readonly Option<T>[];
  value: T;
  onChange(value: T): void;
  /** Each button gets `${testIdPrefix}-${id}`. */
  testIdPrefix: string;
}

/** A row of toggle buttons for one choice (window, split). */
export function Segmented<T extends string>({ label, options, value, onChange, testIdPrefix }: Props<T>) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.id}
          type="button"
          className={o.id === value ? 'active' : undefined}
          aria-pressed={o.id === value}
          disabled={o.disabled}
          title={o.title}
          data-testid={`${testIdPrefix}-${o.id}`}
          onClick={() => onChange(o.id)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
