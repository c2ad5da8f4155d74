/**
 * The Prometheus text exposition format, read as far as kvscope needs:
 * samples `name{label="value",...} number [timestamp]`, comments and blank
 * lines skipped. A line that is not a sample is skipped and counted, never
 * thrown: the text is a server's answer.
 */
export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** A scrape is cut off past this many samples (an endpoint exporting far more than a member's metrics is not one). */
export const MAX_PROM_SAMPLES = 50_000;

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;

export function parsePrometheus(text: string): { samples: PromSample[]; skipped: number } {
  const samples: PromSample[] = [];
  let skipped = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (samples.length >= MAX_PROM_SAMPLES) {
      skipped++;
      continue;
    }
    const s = parseLine(line);
    if (s) samples.push(s);
    else skipped++;
  }
  return { samples, skipped };
}

function parseLine(line: string): PromSample | undefined {
  const name = NAME.exec(line)?.[0];
  if (!name) return undefined;
  let rest = line.slice(name.length);
  const labels: Record<string, string> = {};
  if (rest.startsWith('{')) {
    const end = labelsEnd(rest);
    if (end < 0) return undefined;
    for (const m of rest.slice(1, end).matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[m[1]] = unescape(m[2]);
    rest = rest.slice(end + 1);
  }
  const [value] = rest.trim().split(/\s+/);
  const n = value === '+Inf' ? Infinity : value === '-Inf' ? -Infinity : Number(value);
  if (value === undefined || value === '' || Number.isNaN(n)) return undefined;
  return { name, labels, value: n };
}

/** The index of the `}` closing the label set, quotes and escapes respected; -1 if none. */
function labelsEnd(s: string): number {
  let quoted = false;
  for (let i = 1; i < s.length; i++) {
    const c = s[i];
    if (quoted && c === '\\') i++;
    else if (c === '"') quoted = !quoted;
    else if (c === '}' && !quoted) return i;
  }
  return -1;
}

function unescape(v: string): string {
  return v.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
}
