/**
 * Coalesces the lookups made in one turn of the event loop into one query (the DataLoader pattern).
 *
 * Every request to /api/v2 reads its user; under load many requests arrive in the same turn, and one query for all
 * of them costs the database and this process one round trip instead of one each. A lookup joins a batch that has
 * not been sent yet, so its query always starts after the lookup was asked for: a read never misses a write that
 * committed before the request arrived. Nothing is remembered between batches.
 */
interface Waiter<V> {
  readonly resolve: (value: V | undefined) => void;
  readonly reject: (error: unknown) => void;
}
type Batch<K, V> = Map<K, Waiter<V>[]>;

export class BatchLoader<K, V> {
  private pending: Batch<K, V> | null = null;

  /**
   * @param loadMany answers the values of the given keys (any order, missing keys left out), keyed by keyOf.
   * @param maxBatch a batch this large is sent at once, and later lookups start a new one.
   */
  constructor(
    private readonly loadMany: (keys: readonly K[]) => Promise<readonly V[]>,
    private readonly keyOf: (value: V) => K,
    private readonly maxBatch = 200,
  ) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      if (this.pending === null) {
        const batch: Batch<K, V> = new Map();
        this.pending = batch;
        // After the I/O callbacks of this turn: every request parsed in it has asked by then.
        setImmediate(() => this.send(batch));
      }
      const batch = this.pending;
      const waiters = batch.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
      if (batch.size >= this.maxBatch) this.send(batch);
    });
  }

  private send(batch: Batch<K, V>): void {
    if (this.pending === batch) this.pending = null;
    // A batch is sent once: the immediate of a batch sent early, when full, finds it empty.
    if (batch.size === 0) return;
    const waiters = new Map(batch);
    batch.clear();
    const keys = [...waiters.keys()];
    // A loader that throws at once fails its batch like one that rejects.
    Promise.resolve()
      .then(() => this.loadMany(keys))
      .then(
        (values) => {
          const byKey = new Map(values.map((value) => [this.keyOf(value), value]));
          for (const [key, list] of waiters) for (const waiter of list) waiter.resolve(byKey.get(key));
        },
        (error: unknown) => {
          for (const list of waiters.values()) for (const waiter of list) waiter.reject(error);
        },
      );
  }
}
