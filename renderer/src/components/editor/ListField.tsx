import type { FieldDef } from './fields';
import { ReadOnLeaveField } from './ReadOnLeaveField';

interface Props {
  def: FieldDef;
  value: unknown;
  errors: readonly string[] | undefined;
  onChange(value: unknown): void;
}

/** A list of words (URLs, hosts) typed comma- or space-separated, read when the field is left. */
export function ListField({ def, value, errors, onChange }: Props) {
  return (
    <ReadOnLeaveField
      path={def.path}
      label={def.label}
      hint={def.hint ?? 'comma-separated'}
      placeholder={def.emptyMeans ?? 'none'}
      value={value}
      errors={errors}
      onChange={onChange}
      format={(v) => (Array.isArray(v) ? v.join(', ') : String(v))}
      parse={(t) => t.split(/[\s,]+/).filter(Boolean)}
    />
  );
}
