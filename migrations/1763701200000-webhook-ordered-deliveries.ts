import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only, MariaDB 10.11 and MySQL 8 alike.
// - events.ordered_after: the eventId of an earlier event whose delivery, for every endpoint, must have
//   had its first attempt before this event's delivery may make its own (recordEvent's orderedAfter).
// - webhook_deliveries.after_event_id: the same, copied by the fan-out, so that the claim finds the
//   predecessor's delivery of the same endpoint through uq_deliveries_event_endpoint without reading events.
// - webhook_deliveries.first_done_at: when the delivery's first attempt was completed (recorded, whatever
//   its outcome) or made unnecessary (skipped_paused). Set once, never cleared: a dependent released by it
//   stays released. Rows from before this migration have no dependents, so they are not backfilled.
// - ix_deliveries_after: a finished delivery finds its waiting dependents.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const statements = [
  `ALTER TABLE events ADD COLUMN ordered_after ${ID} NULL AFTER case_sequence`,
  `ALTER TABLE webhook_deliveries
    ADD COLUMN after_event_id ${ID} NULL AFTER event_type,
    ADD COLUMN first_done_at DATETIME(3) NULL AFTER completed_at,
    ADD KEY ix_deliveries_after (after_event_id, endpoint_id)`,
];

export class WebhookOrderedDeliveries1763701200000 implements MigrationInterface {
  name = 'WebhookOrderedDeliveries1763701200000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
