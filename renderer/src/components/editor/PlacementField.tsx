import { errorMessage } from '../../../../app/error-message';
import { ReadOnLeaveField } from './ReadOnLeaveField';

interface Props {
  value: unknown;
  errors: readonly string[] | undefined;
  onChange(value: unknown): void;
}

const EXAMPLE = '{"local": 1, "agents": {"box1": 2, "*": 1}}';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new Error(`not JSON: ${errorMessage(err)}`, { cause: err });
  }
}

/**
 * Where the workers run, as the scenario writes it: JSON, read when the
 * field is left; empty is every worker here. The Load generators list
 * names the agents up; the scenario's rules check the rest.
 */
export function PlacementField({ value, errors, onChange }: Props) {
  return (
    <ReadOnLeaveField
      path="placement"
      label="Placement"
      hint={`workers here and on agents, e.g. ${EXAMPLE}; "*" is every other agent up`}
      placeholder="every worker on this machine"
      value={value}
      errors={errors}
      onChange={onChange}
      format={(v) => JSON.stringify(v)}
      parse={parseJson}
    />
  );
}
