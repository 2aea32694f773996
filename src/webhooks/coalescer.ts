/**
 * Group commit for concurrent callers: while one batch is with the database, later calls wait and go
 * together in the next one (at most `max`). An idle coalescer sends a call at once (next tick), so a
 * lone caller pays no delay; under load, many jobs share one round trip instead of making one each.
 * Each caller gets its own result; a failing batch fails each of its callers.
 */
export class Coalescer<I, O> {
  private queue: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;
  private running = 0;

  constructor(
    private readonly runBatch: (items: I[]) => Promise<O[]>,
    private readonly max = 64,
    private readonly parallel = 1,
  ) {}

  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.parallel || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.running >= this.parallel) return;
    const batch = this.queue.splice(0, this.max);
    if (batch.length === 0) return;
    this.running++;
    this.runBatch(batch.map((b) => b.item))
      .then(
        (results) => batch.forEach((b, i) => b.resolve(results[i]!)),
        (err: unknown) => batch.forEach((b) => b.reject(err)),
      )
      .finally(() => {
        this.running--;
        this.schedule();
      });
  }
}
