import type { ExportKind } from '../../../../app/protocol/bridge';

interface Props {
  exportAs(kind: ExportKind): void;
  /** The run's short id, for the buttons' test ids. */
  id: string;
}

/** The seed benchmark's candlestick CSV of a built-in key-value run, in its two layouts, in one cell of the row's grid. */
export function BenchExports({ exportAs, id }: Props) {
  return (
    <span className="bench-exports">
      <button
        type="button"
        onClick={() => exportAs('run-bench')}
        title="the original benchmark's candlestick CSV: a PUT/GET pair per measured second"
        data-testid={`export-bench-${id}`}
      >
        Bench CSV
      </button>
      <button
        type="button"
        onClick={() => exportAs('run-bench-clients')}
        title="the original benchmark's CSV as it wrote it: a PUT/GET pair per client process, exact min and max, full means"
        data-testid={`export-bench-clients-${id}`}
      >
        per client
      </button>
    </span>
  );
}
