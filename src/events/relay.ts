import { In } from 'typeorm';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { EventRecord } from './event.entity';

const BATCH = 200;

/**
 * The outbox relay: claims committed, unrelayed events (FOR UPDATE SKIP LOCKED, so any number of
 * workers can run it at once), offers each batch to every subscriber inside the same transaction,
 * and marks the batch relayed. Subscribers enqueue their jobs after this transaction commits.
 * Returns how many events were relayed.
 */
export async function relayEvents(svc: Services, options: { olderThanMs?: number } = {}): Promise<number> {
  let total = 0;
  for (;;) {
    const relayed = await inTransaction(svc, async (tx) => {
      const params: unknown[] = [];
      let age = '';
      if (options.olderThanMs) {
        age = 'AND occurred_at < ?';
        params.push(new Date(svc.clock.now().getTime() - options.olderThanMs));
      }
      const claimed: { seq: number }[] = await tx.manager.query(
        `SELECT seq FROM events WHERE relayed_at IS NULL ${age} ORDER BY seq LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
        params,
      );
      if (claimed.length === 0) return 0;
      const seqs = claimed.map((r) => Number(r.seq));
      const events = await tx.manager.find(EventRecord, { where: { seq: In(seqs) }, order: { seq: 'ASC' } });
      for (const subscriber of svc.subscribers) await subscriber.onEvents(tx, events);
      await tx.manager.update(EventRecord, { seq: In(seqs) }, { relayedAt: svc.clock.now() });
      return events.length;
    });
    total += relayed;
    if (relayed < BATCH) return total;
  }
}
