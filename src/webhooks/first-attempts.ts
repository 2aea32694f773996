import type { Services } from '../services';
import { attemptDelivery, attemptLeased, releaseLeased, type ClaimedDelivery } from './attempt-delivery';
import { enqueueDeliveries } from './enqueue-deliveries';
import { handOffDeliveries } from './hand-off-deliveries';

/** Deliveries a worker keeps waiting in memory for their first attempt; beyond that they go to the job queue. */
export const MAX_WAITING_FIRST_ATTEMPTS = 10_000;

/** Attempts whose request is answered but whose result is not recorded yet, per request slot, at most. */
const RECORDING_PER_SLOT = 4;

declare module '../services' {
  interface Services {
    /**
     * Webhook first attempts made in this process right after the relay's commit (set by the worker while
     * it runs); absent elsewhere, where each delivery gets a queued job.
     */
    webhookFirstAttempts?: FirstAttempts;
  }
}

/**
 * First attempts at the speed of the wire. A worker process owns one of these (worker/runner.ts sets it
 * as `svc.webhookFirstAttempts`): the deliveries its relay has just fanned out are attempted here, in
 * this process, right after the relay's commit, with at most `concurrency` requests on the wire at once,
 * instead of through one queued job each. The fan-out inserts them already leased by this process (as
 * many as `leaseRoom()` says), so their requests start with no claim at all; others (ordered after
 * another event, or beyond that room) are claimed as usual: one UPDATE and one SELECT per batch. A
 * request slot is free again once the answer is in: the attempts' records are group-committed (one
 * UPDATE and one INSERT per batch) while the next requests go out. Retries are queued jobs at their due time.
 *
 * Nothing here is needed for safety: a delivery waiting in memory is a pending row, unleased or leased
 * by this process for one lease, so if this process dies the outbox sweep hands it to the job queue once
 * it has been untouched for one lease; a delivery this process is attempting holds its lease like any job's attempt.
 */
export class FirstAttempts {
  private waiting: (number | ClaimedDelivery)[] = [];
  private head = 0;
  /** Requests on the wire (or about to be). */
  private sending = 0;
  /** Attempts started and not finished (sending or recording). */
  private busy = 0;
  private stopping = false;
  private idle: (() => void)[] = [];

  constructor(
    private readonly svc: Services,
    private readonly concurrency: number,
    private readonly maxWaiting = MAX_WAITING_FIRST_ATTEMPTS,
  ) {}

  /**
   * How many deliveries the fan-out may insert leased for this sender now: as many as it can start while
   * their lease is fresh, judged by what already waits (a backlog beyond that is claimed when its turn comes).
   */
  leaseRoom(): number {
    if (this.stopping) return 0;
    return Math.max(0, this.concurrency * 64 - (this.waiting.length - this.head));
  }

  /** Deliveries to attempt now, in this order. Beyond the backlog limit, or once stopping, they are queued as jobs. */
  async add(ids: number[]): Promise<void> {
    const room = this.stopping ? 0 : Math.max(0, this.maxWaiting - (this.waiting.length - this.head));
    for (const id of ids.slice(0, room)) this.waiting.push(id);
    this.pump();
    if (ids.length > room) await enqueueDeliveries(this.svc, ids.slice(room).map((id) => ({ id, runAt: null })));
  }

  /** Deliveries the fan-out inserted leased for this sender (after its commit), to attempt in this order. */
  async addLeased(deliveries: ClaimedDelivery[]): Promise<void> {
    if (this.stopping) {
      await this.giveBack(deliveries);
      return;
    }
    for (const d of deliveries) this.waiting.push(d);
    this.pump();
  }

  /** Stops starting attempts: those still waiting go to the job queue (other workers take them at once); waits for those in flight. */
  async stop(): Promise<void> {
    this.stopping = true;
    const left = this.waiting.slice(this.head);
    this.waiting = [];
    this.head = 0;
    await this.giveBack(left);
    if (this.busy > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  /** Queues waiting deliveries as jobs, their unused leases given back first so that the jobs may take them at once. */
  private async giveBack(left: (number | ClaimedDelivery)[]): Promise<void> {
    if (left.length === 0) return;
    const leased = left.filter((d): d is ClaimedDelivery => typeof d !== 'number');
    try {
      await releaseLeased(this.svc, leased.map((d) => ({ id: d.id, token: d.token })));
      await enqueueDeliveries(this.svc, left.map((d) => ({ id: typeof d === 'number' ? d : d.id, runAt: null })));
    } catch (err) {
      this.svc.log.warn({ err, deliveries: left.length }, 'could not queue waiting first attempts; the sweep will');
    }
  }

  private pump(): void {
    while (!this.stopping && this.sending < this.concurrency && this.busy < this.concurrency * RECORDING_PER_SLOT && this.head < this.waiting.length) {
      const next = this.waiting[this.head++]!;
      if (this.head > 1024 && this.head * 2 > this.waiting.length) {
        this.waiting = this.waiting.slice(this.head);
        this.head = 0;
      }
      const id = typeof next === 'number' ? next : next.id;
      this.sending++;
      this.busy++;
      let sent = false;
      const onSent = () => {
        if (sent) return;
        sent = true;
        this.sending--;
        this.pump();
      };
      (typeof next === 'number' ? attemptDelivery(this.svc, next, onSent) : attemptLeased(this.svc, next, onSent))
        // An infrastructure fault (a throw, as a job's would be): the job queue's own retry takes over.
        .catch(async (err: unknown) => {
          this.svc.log.warn({ err, deliveryId: id }, 'first webhook attempt failed; handing it to the job queue');
          await enqueueDeliveries(this.svc, [{ id, runAt: null }]).catch(() => undefined /* the sweep will */);
        })
        .finally(() => {
          this.busy--;
          onSent();
          if (this.busy === 0 && this.stopping) this.idle.splice(0).forEach((resolve) => resolve());
          this.pump();
        });
    }
  }
}

/**
 * Hands deliveries the fan-out leased for this process's sender to it; should the sender be gone by then
 * (the worker stopped meanwhile), their leases are given back and they are handed off as any other.
 */
export async function handOffLeased(svc: Services, leased: ClaimedDelivery[]): Promise<void> {
  const local = svc.webhookFirstAttempts;
  if (local) return local.addLeased(leased);
  await releaseLeased(svc, leased);
  await handOffDeliveries(svc, leased);
}
