import { Segmented } from '../Segmented';

interface Props<T extends string> {
  label: string;
  /** The first option is the client's side, always offered; the others need the target's own figures. */
  options: readonly { id: T; label: string }[];
  value: T;
  onChange(value: T): void;
  /** Whether the target's nodes report the figures the other options draw. */
  available: boolean;
  /** Why they are not offered, shown on the disabled buttons. */
  unavailable: string;
  testIdPrefix: string;
}

/** A chart's choice of client side or the nodes' own side, the latter only where the target reports it. */
export function SideToggle<T extends string>({ label, options, value, onChange, available, unavailable, testIdPrefix }: Props<T>) {
  return (
    <Segmented<T>
      label={label}
      options={options.map((o, i) => (i === 0 || available ? o : { ...o, disabled: true, title: unavailable }))}
      value={value}
      onChange={onChange}
      testIdPrefix={testIdPrefix}
    />
  );
}
