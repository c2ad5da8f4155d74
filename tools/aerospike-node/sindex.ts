import type { Store } from './store';
import { ERR_INDEX_FOUND, ERR_INDEX_NOT_FOUND } from './wire';

/** `a=1;b=2` as a map. */
function params(text: string): Map<string, string> {
  return new Map(
    text
      .split(';')
      .filter((p) => p.includes('='))
      .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as [string, string]),
  );
}

/** `sindex-create:ns=..;set=..;indexname=..;bin=..;type=..` (or the older `indexdata=bin,type`). */
export function createIndex(store: Store, args: string): string {
  const p = params(args);
  const ns = p.get('ns') ?? p.get('namespace') ?? '';
  const name = p.get('indexname') ?? '';
  const [bin, type] = p.has('bin') ? [p.get('bin') ?? '', p.get('type') ?? ''] : (p.get('indexdata') ?? ',').split(',');
  if (!store.has(ns)) return `FAIL:20:namespace ${ns} not found`;
  if (!name || !bin) return 'FAIL:4:indexname and bin are required';
  if (store.indexes.some((i) => i.ns === ns && i.name === name)) return `FAIL:${ERR_INDEX_FOUND}:Index with the same name already exists`;
  store.indexes.push({ ns, set: p.get('set') ?? '', name, bin, type: type.toUpperCase() });
  return 'OK';
}

/** `sindex/<ns>/<name>`: built at once, so load_pct is always 100. */
export function indexStatus(store: Store, args: string): string {
  const [ns, name] = args.split('/');
  const idx = store.indexes.find((i) => i.ns === ns && i.name === name);
  if (!idx) return `FAIL:${ERR_INDEX_NOT_FOUND}:Index not found`;
  return `load_pct=100;bin=${idx.bin};type=${idx.type};set=${idx.set}`;
}
