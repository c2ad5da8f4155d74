import { useState } from 'react';
import { errorMessage } from '../../../../app/error-message';
import { FieldErrors } from './FieldRow';

interface Props {
  path: string;
  label: string;
  hint: string;
  placeholder: string;
  value: unknown;
  errors: readonly string[] | undefined;
  onChange(value: unknown): void;
  /** The draft's value as text, and text back as a value (throwing says why it is not one). */
  format(value: unknown): string;
  parse(text: string): unknown;
}

/**
 * A setting typed as text and read when the field is left or Enter is
 * pressed (so a half-typed value is not judged, nor reformatted, mid-word);
 * empty is the default. What the text cannot be read as shows under it.
 */
export function ReadOnLeaveField({ path, label, hint, placeholder, value, errors, onChange, format, parse }: Props) {
  const [text, setText] = useState<string | null>(null);
  const [bad, setBad] = useState<string | null>(null);
  const read = (): void => {
    if (text === null) return;
    const t = text.trim();
    try {
      onChange(t === '' ? undefined : parse(t));
      setBad(null);
      setText(null);
    } catch (err) {
      setBad(errorMessage(err));
    }
  };
  const all = [...(bad ? [bad] : []), ...(errors ?? [])];
  const invalid = all.length > 0;
  const id = `f-${path}`;
  return (
    <div className={['field', 'wide', invalid && 'invalid'].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        data-testid={`field-${path}`}
        className="mono"
        placeholder={placeholder}
        value={text ?? (value === undefined ? '' : format(value))}
        aria-invalid={invalid}
        aria-describedby={invalid ? `err-${path}` : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={read}
        onKeyDown={(e) => e.key === 'Enter' && read()}
      />
      <small className="hint">{hint}</small>
      <FieldErrors path={path} errors={all.length ? all : undefined} />
    </div>
  );
}
