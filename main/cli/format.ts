/** Number formatting shared by the terminal views. */

export function fmtInt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** Microseconds as milliseconds with sensible precision. */
export function fmtMs(us: number): string {
  const ms = us / 1000;
  if (ms >= 100) return ms.toFixed(0);
  if (ms >= 10) return ms.toFixed(1);
  return ms.toFixed(2);
}

export function fmtBytes(b: number): string {
  if (b >= 1024 ** 3) return `${(b / 1024 ** 3).toFixed(2)} GiB`;
  if (b >= 1024 ** 2) return `${(b / 1024 ** 2).toFixed(1)} MiB`;
  if (b >= 1024) return `${(b / 1024).toFixed(1)} KiB`;
  return `${b} B`;
}

export function fmtPct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

/** A fixed-width text table: first column left-aligned, the rest right-aligned. */
export function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ')).join('\n');
}
