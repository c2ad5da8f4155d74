interface Waiter {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * Requests sent and not yet answered, by id. Ids only grow, so a late answer
 * to a request that was already rejected can never settle a newer one.
 */
export class PendingRequests {
  private nextId = 1;
  private readonly waiters = new Map<number, Waiter>();

  get size(): number {
    return this.waiters.size;
  }

  /** The result is main's answer as sent; the Bridge contract types it. */
  add<T>(): { id: number; promise: Promise<T> } {
    const id = this.nextId++;
    const promise = new Promise<T>((resolve, reject) => {
      this.waiters.set(id, { resolve: (v) => resolve(v as T), reject });
    });
    return { id, promise };
  }

  resolve(id: number, value: unknown): boolean {
    const w = this.take(id);
    w?.resolve(value);
    return w !== undefined;
  }

  reject(id: number, error: Error): boolean {
    const w = this.take(id);
    w?.reject(error);
    return w !== undefined;
  }

  rejectAll(error: Error): void {
    const all = [...this.waiters.values()];
    this.waiters.clear();
    for (const w of all) w.reject(error);
  }

  private take(id: number): Waiter | undefined {
    const w = this.waiters.get(id);
    this.waiters.delete(id);
    return w;
  }
}
