import { In } from 'typeorm';
import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';
import { inTransaction } from '../db/transaction';
import { metricsOf } from '../metrics';
import { parseTraceCarrier, tracingOf } from '../tracing';
import type { Services } from '../services';
import { EventRecord } from './event.entity';

const BATCH = 200;

/**
 * The outbox relay: claims committed, unrelayed events (FOR UPDATE SKIP LOCKED: an event whose
 * transaction is still open is invisible and never waited for), offers each batch to every subscriber
 * inside the same transaction, gives the batch its feed positions and marks it relayed. Subscribers
 * enqueue their jobs after this transaction commits. Returns how many events were relayed.
 *
 * Feed positions: the relay first locks the one row of event_feed_counter and keeps it until commit,
 * so relays run one at a time and commit in position order. A reader paging the feed by position
 * (listEventFeed) therefore never passes over an event that becomes visible later, which paging by
 * `seq` (taken at insert, committed in any order) could. Events of one case are numbered in commit
 * order (the case row is locked), so feed order and caseSequence order agree.
 *
 * Each event recorded inside a traced unit of work gets a span `event.relay` in that trace (its stored
 * trace_context), from its claim to its batch's commit.
 */
export async function relayEvents(svc: Services, options: { olderThanMs?: number } = {}): Promise<number> {
  let total = 0;
  const tracing = tracingOf(svc);
  for (;;) {
    let truncated = false;
    let spans: { end(error?: unknown): void }[] = [];
    const batch = inTransaction(svc, async (tx) => {
      // Every tenant's events, in one feed order: the relay is the outbox's sweep.
      const relay = crossTenant(tx.manager, 'sweep');
      const feedCounter = crossTenant(tx.manager, 'service-state');
      const counter: { value: number | string }[] = await feedCounter.query('SELECT value FROM event_feed_counter WHERE id = 1 FOR UPDATE');
      if (!counter[0]) throw new Error('event_feed_counter has no row: run the migrations');
      const params: unknown[] = [];
      let age = '';
      if (options.olderThanMs) {
        age = 'AND occurred_at < ?';
        params.push(new Date(svc.clock.now().getTime() - options.olderThanMs));
      }
      const claimed: { seq: number }[] = await relay.query(
        `SELECT seq FROM events WHERE relayed_at IS NULL ${age} ORDER BY seq LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
        params,
      );
      if (claimed.length === 0) return 0;
      const seqs = await beforeFirstGap(relay, claimed.map((r) => Number(r.seq)), age, params);
      if (seqs.length < claimed.length) truncated = true;
      if (seqs.length === 0) return 0;
      const events = await relay.find(EventRecord, { where: { seq: In(seqs) }, order: { seq: 'ASC' } });
      // A deadlock runs this again: the spans of the try that was rolled back end here.
      for (const span of spans) span.end('rolled back and retried');
      spans = events.filter((e) => e.traceContext !== null).map((e) => tracing.open('event.relay', {
        parent: parseTraceCarrier(e.traceContext), kind: 'consumer', attributes: { 'svc.event.type': e.type, 'svc.event.id': e.eventId },
      }));
      const first = Number(counter[0].value) + 1;
      const relayedAt = svc.clock.now();
      events.forEach((e, i) => Object.assign(e, { feedPosition: first + i, relayedAt }));
      for (const subscriber of svc.subscribers) await subscriber.onEvents(tx, events);
      const positions = events.map((e) => `WHEN ${Number(e.seq)} THEN ${Number(e.feedPosition)}`).join(' ');
      await relay.query(`UPDATE events SET relayed_at = ?, feed_position = CASE seq ${positions} END WHERE seq IN (${seqs.join(',')})`, [relayedAt]);
      await feedCounter.query('UPDATE event_feed_counter SET value = ? WHERE id = 1', [first + events.length - 1]);
      return events.length;
    });
    const relayed = await batch.then(
      (n) => {
        for (const span of spans) span.end();
        return n;
      },
      (err: unknown) => {
        for (const span of spans) span.end(err);
        throw err;
      },
    );
    total += relayed;
    if (relayed) metricsOf(svc).count('svc_events_relayed_total', {}, relayed);
    // A batch cut at a gap leaves the rest claimable now that the gap's transaction has committed.
    if (relayed < BATCH && !(truncated && relayed > 0)) return total;
  }
}

/**
 * The claimed seqs below the first gap: an unrelayed event the claim's filter matches, committed now, that
 * the claim skipped because it was locked. SKIP LOCKED passes over rows still locked by their inserting
 * transaction; when that transaction commits while the scan runs, its first events are skipped and its later
 * ones claimed. Relaying those alone would put an event ahead of its orderedAfter predecessor, or of its case's
 * earlier event, in the feed and at the receivers (a dependent whose predecessor has no delivery yet does not
 * wait). A READ COMMITTED read never waits for a lock and sees no uncommitted row, so open transactions are
 * still passed over, as before.
 */
async function beforeFirstGap(relay: Queryable, seqs: number[], age: string, params: unknown[]): Promise<number[]> {
  const [gap]: { seq: number | string | null }[] = await relay.query(
    `SELECT MIN(seq) AS seq FROM events WHERE relayed_at IS NULL ${age} AND seq < ? AND seq NOT IN (${seqs.join(',')})`,
    [...params, seqs.at(-1)],
  );
  if (gap?.seq === null || gap?.seq === undefined) return seqs;
  const first = Number(gap.seq);
  return seqs.filter((s) => s < first);
}
