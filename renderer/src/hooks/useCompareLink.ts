import { useEffect } from 'react';
import { MAX_RUNS, MIN_RUNS } from '../../../app/stats/compare';
import { useBridge } from '../bridge/context';
import { useKv } from '../store/store';
import { errorMessage } from '../../../app/error-message';

/** `#compare=FILE,FILE[,...]&baseline=N`: the run files a link (or `kvscope compare --png`) asks to see side by side. */
export function parseCompareLink(hash: string): { files: string[]; baseline: number } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const files = (params.get('compare') ?? '').split(',').filter((f) => f !== '');
  const baseline = Number(params.get('baseline') ?? '0');
  if (files.length < MIN_RUNS || files.length > MAX_RUNS || !Number.isInteger(baseline) || baseline < 0 || baseline >= files.length)
    return null;
  return { files, baseline };
}

/** Opens the comparison a page was loaded with, once the Bridge answers. */
export function useCompareLink(): void {
  const { bridge } = useBridge();
  useEffect(() => {
    const link = parseCompareLink(window.location.hash);
    if (!link) return;
    bridge.compareRuns(link).then(
      (view) => useKv.getState().showComparison({ ...link, view }),
      (err: unknown) => useKv.getState().noteError(`could not open the compared runs: ${errorMessage(err)}`),
    );
  }, [bridge]);
}
