import type { Services } from '../services';
import { attemptDelivery } from './attempt-delivery';
import { enqueueDeliveries } from './enqueue-deliveries';

/** Deliveries a worker keeps waiting in memory for their first attempt; beyond that they go to the job queue. */
export const MAX_WAITING_FIRST_ATTEMPTS = 10_000;

/**
 * First attempts at the speed of the wire. A worker process owns one of these (worker/runner.ts sets it
 * as `svc.webhookFirstAttempts`): the deliveries its relay has just fanned out are attempted here, in
 * this process, right after the relay's commit, at most `concurrency` at once, instead of through one
 * queued job each. Each is still `attemptDelivery`: the lease claim and the record of the result are
 * group-committed across concurrent attempts (one UPDATE and one SELECT per claimed batch, one UPDATE
 * and one INSERT per recorded batch), and retries are queued jobs at their due time as before.
 *
 * Nothing here is needed for safety: a delivery waiting in memory is a pending, unleased row, so if
 * this process dies, the outbox sweep hands it to the job queue once it has been untouched for one
 * lease; a delivery this process is attempting holds its lease like any job's attempt.
 */
export class FirstAttempts {
  private waiting: number[] = [];
  private head = 0;
  private inFlight = 0;
  private stopping = false;
  private idle: (() => void)[] = [];

  constructor(
    private readonly svc: Services,
    private readonly concurrency: number,
    private readonly maxWaiting = MAX_WAITING_FIRST_ATTEMPTS,
  ) {}

  /** Deliveries to attempt now, in this order. Beyond the backlog limit, or once stopping, they are queued as jobs. */
  async add(ids: number[]): Promise<void> {
    const room = this.stopping ? 0 : Math.max(0, this.maxWaiting - (this.waiting.length - this.head));
    for (const id of ids.slice(0, room)) this.waiting.push(id);
    this.pump();
    if (ids.length > room) await enqueueDeliveries(this.svc, ids.slice(room).map((id) => ({ id, runAt: null })));
  }

  /** Stops starting attempts: those still waiting go to the job queue (other workers take them at once); waits for those in flight. */
  async stop(): Promise<void> {
    this.stopping = true;
    const left = this.waiting.slice(this.head);
    this.waiting = [];
    this.head = 0;
    if (left.length) {
      await enqueueDeliveries(this.svc, left.map((id) => ({ id, runAt: null })))
        .catch((err: unknown) => this.svc.log.warn({ err, deliveries: left.length }, 'could not queue waiting first attempts; the sweep will'));
    }
    if (this.inFlight > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  private pump(): void {
    while (!this.stopping && this.inFlight < this.concurrency && this.head < this.waiting.length) {
      const id = this.waiting[this.head++]!;
      if (this.head > 1024 && this.head * 2 > this.waiting.length) {
        this.waiting = this.waiting.slice(this.head);
        this.head = 0;
      }
      this.inFlight++;
      attemptDelivery(this.svc, id)
        // An infrastructure fault (a throw, as a job's would be): the job queue's own retry takes over.
        .catch(async (err: unknown) => {
          this.svc.log.warn({ err, deliveryId: id }, 'first webhook attempt failed; handing it to the job queue');
          await enqueueDeliveries(this.svc, [{ id, runAt: null }]).catch(() => undefined /* the sweep will */);
        })
        .finally(() => {
          this.inFlight--;
          if (this.inFlight === 0 && this.stopping) this.idle.splice(0).forEach((resolve) => resolve());
          this.pump();
        });
    }
  }
}
