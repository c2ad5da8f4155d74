/** A name this many edits from one the user typed is likely what was meant (kv-asnyc, redis-mx); more is a different name. */
const MAX_EDITS = 2;

/** Levenshtein distance: insertions, deletions and substitutions, one each. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** The known name nearest to `typed`, when it is near enough to be a slip; undefined otherwise (or when it is a tie). */
export function nearMiss(typed: string, known: readonly string[]): string | undefined {
  const t = typed.toLowerCase();
  const scored = known
    .map((k) => ({ k, d: editDistance(t, k.toLowerCase()) }))
    .filter((x) => x.d <= Math.min(MAX_EDITS, Math.floor(t.length / 2)));
  if (scored.length === 0) return undefined;
  const best = Math.min(...scored.map((x) => x.d));
  const at = scored.filter((x) => x.d === best);
  return at.length === 1 ? at[0].k : undefined;
}
