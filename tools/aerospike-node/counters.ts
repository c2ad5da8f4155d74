/**
 * A node's namespace counters, named as the server names them in
 * `namespace/<ns>` (the monitor reads exactly these).
 */
export const COUNTER_NAMES = [
  'client_read_success',
  'client_read_error',
  'client_read_not_found',
  'client_read_timeout',
  'client_write_success',
  'client_write_error',
  'client_write_timeout',
  'client_delete_success',
  'client_delete_not_found',
  'client_delete_error',
  'batch_sub_read_success',
  'batch_sub_read_error',
  'batch_sub_read_not_found',
  'batch_sub_read_timeout',
  'scan_basic_complete',
  'query_basic_complete',
] as const;
export type CounterName = (typeof COUNTER_NAMES)[number];

export class Counters {
  private readonly byNs = new Map<string, Record<CounterName, number>>();

  add(ns: string, name: CounterName, n = 1): void {
    this.of(ns)[name] += n;
  }

  of(ns: string): Record<CounterName, number> {
    let c = this.byNs.get(ns);
    if (!c) {
      c = Object.fromEntries(COUNTER_NAMES.map((k) => [k, 0])) as Record<CounterName, number>;
      this.byNs.set(ns, c);
    }
    return c;
  }

  /** A restarted node counts from zero again, as a real one does. */
  reset(): void {
    this.byNs.clear();
  }
}
