import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Decision provenance (issue 28): each decision keeps, in the same
// row and written in the same transaction, an immutable JSON snapshot of what it rested on (policy version and
// rule, risk model version and score, watchlist version and hits, AI review, documents' digests, identity
// verifications, EDD items, members involved). Null on decisions recorded before this migration.
const statements = [
  `ALTER TABLE decisions ADD COLUMN provenance JSON NULL`,
];

export class DecisionProvenance1763703500000 implements MigrationInterface {
  name = 'DecisionProvenance1763703500000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
