import type { Readable } from 'node:stream';

/** What every Hazelcast member (3.x to 5.x) prints once it takes clients, and on each change of the member list. */
const STARTED = / is STARTED$/;
const MEMBERS = /^Members \{size:(\d+), ver:\d+\} \[$/;
/** A line longer than this is no line the readiness wait looks for: what is kept of a partial line is bounded. */
const MAX_LINE_CHARS = 4_096;

/**
 * A member's readiness as its own log tells it: started, and the size of the
 * member list it printed last. For members no bundled client can ask (the 3.x
 * client protocol): the same lines in every generation. Read until `detach`.
 */
export class MemberLog {
  started = false;
  /** The member count of the last member list printed; 0 before the first. */
  members = 0;
  /** Each stream's line so far (stdout and stderr interleave their chunks). */
  private readonly partial = new Map<Readable | string, string>();
  private readonly readers = new Map<Readable, (d: Buffer) => void>();

  constructor(streams: readonly (Readable | null)[] = []) {
    for (const s of streams) {
      if (!s) continue;
      const reader = (d: Buffer): void => this.read(d.toString('utf8'), s);
      this.readers.set(s, reader);
      s.on('data', reader);
    }
  }

  read(text: string, from: Readable | string = 'text'): void {
    const lines = ((this.partial.get(from) ?? '') + text).split('\n');
    this.partial.set(from, (lines.pop() ?? '').slice(-MAX_LINE_CHARS));
    for (const raw of lines) {
      const line = raw.trim();
      if (STARTED.test(line)) this.started = true;
      const size = MEMBERS.exec(line);
      if (size) this.members = Number(size[1]);
    }
  }

  detach(): void {
    for (const [s, reader] of this.readers) s.off('data', reader);
    this.readers.clear();
  }
}
