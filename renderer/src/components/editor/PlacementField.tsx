import { useState } from 'react';
import { errorMessage } from '../../../../app/error-message';
import { FieldErrors } from './FieldRow';

interface Props {
  value: unknown;
  errors: readonly string[] | undefined;
  onChange(value: unknown): void;
}

const EXAMPLE = '{"local": 1, "agents": {"box1": 2, "*": 1}}';

/**
 * Where the workers run, as the scenario writes it: JSON, read when the
 * field is left; empty is every worker here. The Load generators list
 * names the agents up; the scenario's rules check the rest.
 */
export function PlacementField({ value, errors, onChange }: Props) {
  const shown = value === undefined ? '' : JSON.stringify(value);
  const [text, setText] = useState<string | null>(null);
  const [bad, setBad] = useState<string | null>(null);
  const read = (): void => {
    if (text === null) return;
    const t = text.trim();
    try {
      onChange(t === '' ? undefined : (JSON.parse(t) as unknown));
      setBad(null);
      setText(null);
    } catch (err) {
      setBad(`not JSON: ${errorMessage(err)}`);
    }
  };
  const all = [...(bad ? [bad] : []), ...(errors ?? [])];
  const invalid = all.length > 0;
  return (
    <div className={['field', 'wide', invalid && 'invalid'].filter(Boolean).join(' ')}>
      <label htmlFor="f-placement">Placement</label>
      <input
        id="f-placement"
        data-testid="field-placement"
        className="mono"
        placeholder="every worker on this machine"
        value={text ?? shown}
        aria-invalid={invalid}
        aria-describedby={invalid ? 'err-placement' : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={read}
        onKeyDown={(e) => e.key === 'Enter' && read()}
      />
      <small className="hint">workers here and on agents, e.g. {EXAMPLE}; &quot;*&quot; is every other agent up</small>
      <FieldErrors path="placement" errors={all.length ? all : undefined} />
    </div>
  );
}
