/**
 * Bytes in, lines out: splits a run file read in chunks into its lines
 * without ever holding more than one line and one chunk. Splitting is done
 * on the byte 0x0A, which never occurs inside a multi-byte UTF-8 sequence,
 * so a character cut between two chunks is decoded whole.
 */
export class LineSplitter {
  private parts: Buffer[] = [];
  private partBytes = 0;
  private lineNo = 0;

  /**
   * @param onLine each line (without its newline) and its 1-based number
   * @param maxBytes the longest line accepted, by line number; `tooLong` is called (and must throw) past it
   */
  constructor(
    private readonly onLine: (line: string, lineNo: number) => void,
    private readonly maxBytes: (lineNo: number) => number,
    private readonly tooLong: (lineNo: number, limit: number) => never,
  ) {}

  /** A chunk of the file. The splitter keeps copies of what it holds, so the caller may reuse `chunk`. */
  push(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a, start); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      this.check(nl - start);
      const line =
        this.parts.length === 0
          ? chunk.toString('utf8', start, nl)
          : Buffer.concat([...this.parts, chunk.subarray(start, nl)]).toString('utf8');
      this.parts = [];
      this.partBytes = 0;
      start = nl + 1;
      this.onLine(line, ++this.lineNo);
    }
    if (start < chunk.length) {
      this.check(chunk.length - start);
      this.parts.push(Buffer.from(chunk.subarray(start)));
      this.partBytes += chunk.length - start;
    }
  }

  /** The end of the file: a last line without its newline is passed on too. */
  end(): void {
    if (this.parts.length === 0) return;
    const line = Buffer.concat(this.parts).toString('utf8');
    this.parts = [];
    this.partBytes = 0;
    this.onLine(line, ++this.lineNo);
  }

  private check(more: number): void {
    const limit = this.maxBytes(this.lineNo + 1);
    if (this.partBytes + more > limit) this.tooLong(this.lineNo + 1, limit);
  }
}
