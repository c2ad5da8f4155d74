import { useState } from 'react';
import type { ExportKind } from '../../../../app/protocol/bridge';
import type { ScenarioInput } from '../../../../app/scenario/schema';
import { errorMessage } from '../../../../app/error-message';
import { useBridge } from '../../bridge/context';
import { downloadFile } from '../../export/download';
import { isActivePhase } from '../../store/live';
import { useKv } from '../../store/store';
import { previousRun } from './previousRun';
import { REDACTED } from '../../../../app/scenario/secrets';

/** What main puts in place of a secret it does not hand to windows: such a scenario cannot be started again as is. */
const REDACTED_JSON = JSON.stringify(REDACTED);

/** After a run has ended (or for a kept run): run it again, compare it with the one before, export it. */
export function NextSteps() {
  const { bridge } = useBridge();
  const run = useKv((s) => s.live.run);
  const phase = useKv((s) => s.live.phase);
  const file = useKv((s) => s.live.file);
  const hasNodes = useKv((s) => (s.live.last?.nodes.length ?? 0) > 0);
  const [notice, setNotice] = useState<string | null>(null);
  if (!run || !file || isActivePhase(phase)) return null;
  const name = file.split(/[/\\]/).pop() ?? file;
  const fail = (what: string) => (err: unknown) => setNotice(`${what} failed: ${errorMessage(err)}`);
  const scenario = run.scenario as unknown as ScenarioInput;
  const again = () => {
    // A password stays in main: such a scenario opens in the editor, where it is typed again.
    if (JSON.stringify(scenario).includes(REDACTED_JSON)) {
      const kvs = useKv.getState();
      const mine = kvs.saved?.scenarios.some((x) => x.name === scenario.name) ?? false;
      kvs.openScenario(scenario, mine ? 'saved' : 'built-in');
      return kvs.setPage('scenarios');
    }
    bridge.startRun({ scenario, plan: { repeat: 1 } }).then((r) => {
      if (!r.ok) setNotice(`run again failed: ${r.message}`);
    }, fail('run again'));
  };
  const compare = () =>
    bridge
      .listRuns({})
      .then(async (runs) => {
        const prev = previousRun(runs, name);
        if (!prev) return setNotice(`no earlier run of ${run.scenario.name ?? 'this scenario'} to compare with`);
        const files = [prev.file, name];
        useKv.getState().showComparison({ files, baseline: 0, view: await bridge.compareRuns({ files, baseline: 0 }) });
      })
      .catch(fail('compare'));
  const exportAs = (kind: ExportKind) => bridge.exportFile({ kind, files: [name] }).then(downloadFile, fail('export'));
  return (
    <div className="next-steps toolbar" data-testid="next-steps">
      <button type="button" className="primary" onClick={again} data-testid="run-again">
        Run again
      </button>
      <button type="button" onClick={compare} data-testid="compare-previous">
        Compare with the previous run
      </button>
      <button type="button" onClick={() => exportAs('run-html')}>
        HTML report
      </button>
      <button type="button" onClick={() => exportAs('run-seconds')}>
        CSV
      </button>
      {hasNodes && (
        <button type="button" onClick={() => exportAs('run-nodes')} data-testid="export-nodes" title="one row per node per second">
          Nodes CSV
        </button>
      )}
      {notice && (
        <span className="muted" role="status" data-testid="next-steps-notice">
          {notice}
        </span>
      )}
    </div>
  );
}
