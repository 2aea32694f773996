import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only. The event feed's order: `seq` is taken at INSERT, but transactions commit in another
// order, so a reader paging by seq could pass over an event that commits late with a lower seq.
// `feed_position` is assigned by the outbox relay while it holds the one row of event_feed_counter;
// relay transactions therefore commit in position order, and a reader paging by position never skips.
const statements = [
  `ALTER TABLE events
    ADD COLUMN feed_position BIGINT UNSIGNED NULL AFTER relayed_at,
    ADD UNIQUE KEY uq_events_feed_position (feed_position),
    ADD KEY ix_events_org_feed (org_id, feed_position),
    ADD KEY ix_events_org_type_feed (org_id, type, feed_position)`,
  `CREATE TABLE event_feed_counter (
    id TINYINT UNSIGNED NOT NULL PRIMARY KEY,
    value BIGINT UNSIGNED NOT NULL
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
  // Events relayed before this migration keep their seq as position; later ones are numbered after them.
  `UPDATE events SET feed_position = seq WHERE relayed_at IS NOT NULL`,
  `INSERT INTO event_feed_counter (id, value) SELECT 1, COALESCE(MAX(seq), 0) FROM events`,
];

export class EventFeedPosition1763700100000 implements MigrationInterface {
  name = 'EventFeedPosition1763700100000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
