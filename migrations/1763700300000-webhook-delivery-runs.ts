import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only, MariaDB 10.11 and MySQL 8 alike.
// - `manual`: the pending attempt was asked for by an operator (Redeliver): exactly one attempt, no
//   automatic retries after it.
// - `lease_token`: who holds the lease (random per claim), so that only the holder records the result.
// - the Recent Deliveries filters (state, event type) get tenant-first keyset indexes.
const statements = [
  `ALTER TABLE webhook_deliveries
    ADD COLUMN manual TINYINT(1) NOT NULL DEFAULT 0 AFTER attempts,
    ADD COLUMN lease_token CHAR(22) CHARACTER SET ascii COLLATE ascii_bin NULL AFTER lease_until,
    ADD KEY ix_deliveries_org_state_id (org_id, state, id),
    ADD KEY ix_deliveries_org_type_id (org_id, event_type, id)`,
];

export class WebhookDeliveryRuns1763700300000 implements MigrationInterface {
  name = 'WebhookDeliveryRuns1763700300000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
