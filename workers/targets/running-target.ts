/** A built-in target that is listening, as main.ts drives it. */
export interface RunningTarget {
  host: string;
  port: number;
  /** Every server process, so main (and tests) can check none survives. */
  pids: number[];
  /** Close the servers and wait for their processes to end. */
  stop(): Promise<void>;
  /** End every server process now, synchronously; for when main has gone away. */
  kill(): void;
}
