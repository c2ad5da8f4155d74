import type { ReactNode } from 'react';
import type { FieldDef } from './fields';
import { NumericInput } from './NumericInput';

const SIZE_WORDS = ['whole'] as const;

interface Props {
  def: FieldDef;
  value: unknown;
  placeholder: string;
  errors: readonly string[] | undefined;
  onChange(value: unknown): void;
}

const inputId = (path: string): string => `f-${path}`;

/** One labelled setting with its hint and, right under it, what is wrong with it. */
export function FieldRow({ def, value, placeholder, errors, onChange }: Props) {
  const invalid = errors !== undefined && errors.length > 0;
  const common = {
    id: inputId(def.path),
    'data-testid': `field-${def.path}`,
    'aria-invalid': invalid,
    'aria-describedby': invalid ? `err-${def.path}` : undefined,
  };
  let control: ReactNode;
  switch (def.kind) {
    case 'bool':
      control = <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />;
      break;
    case 'select':
      control = (
        <select {...common} value={typeof value === 'string' ? value : (def.options?.[0] ?? '')} onChange={(e) => onChange(e.target.value)}>
          {/* A value the form does not offer (set in the scenario's JSON) is shown as it is, never as another. */}
          {[...(def.options ?? []), ...(typeof value === 'string' && !def.options?.includes(value) ? [value] : [])].map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
      break;
    case 'int':
    case 'number':
    case 'size':
      control = (
        <NumericInput
          {...common}
          value={value}
          placeholder={placeholder}
          words={def.kind === 'size' ? SIZE_WORDS : undefined}
          onChange={onChange}
        />
      );
      break;
    case 'text':
    case 'password':
      control = (
        <input
          {...common}
          type={def.kind}
          autoComplete="off"
          value={typeof value === 'string' ? value : value === undefined ? '' : String(value)}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        />
      );
      break;
  }
  return (
    <div className={['field', invalid && 'invalid', def.wide && 'wide'].filter(Boolean).join(' ')}>
      <label htmlFor={inputId(def.path)}>{def.label}</label>
      {control}
      {def.hint && <small className="hint">{def.hint}</small>}
      <FieldErrors path={def.path} errors={errors} />
    </div>
  );
}

/** The inline message(s) for one field path; `error-<path>` for tests. */
export function FieldErrors({ path, errors }: { path: string; errors: readonly string[] | undefined }) {
  if (!errors || errors.length === 0) return null;
  return (
    <div className="field-error" id={`err-${path}`} role="alert" data-testid={`error-${path}`}>
      {errors.join('; ')}
    </div>
  );
}
