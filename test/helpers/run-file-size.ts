import type { RunHeader } from '../../app/run/format';
import { fixtureRun, steady } from '../unit/run-fixture';

/** The header field a test may change: a password in clear, a name. */
type HeaderChange = (h: RunHeader) => RunHeader;

/**
 * A valid run file of at least `bytes` bytes, as a long run makes one: a
 * header, one second's sample line repeated until the size is reached (the
 * reader takes repeated seconds, see run-library.test.ts), a summary.
 */
export function runFileOfSize(id: string, bytes: number, change: HeaderChange = (h) => h): string {
  const run = fixtureRun(id, steady(1, { get: { count: 50, us: 100 } }));
  const head = JSON.stringify({ type: 'header', data: change(run.header) }) + '\n';
  const sample = JSON.stringify({ type: 'sample', data: run.samples[0] }) + '\n';
  const tail = JSON.stringify({ type: 'summary', data: run.summary }) + '\n';
  const copies = Math.max(1, Math.ceil((bytes - head.length - tail.length) / sample.length));
  return head + sample.repeat(copies) + tail;
}
