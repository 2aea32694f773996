import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. One row per finished AI case review (ai_review.completed):
// id is the event's reviewId. The latest review of a case is the one with the highest id
// (ix_ai_reviews_case, tenant first). run_key, when a caller gives one, makes a background run that is
// retried without its step guard store nothing twice (NULLs never collide in a unique index).
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  `CREATE TABLE ai_reviews (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    triggered_by VARCHAR(320) NOT NULL,
    reviewer VARCHAR(200) NOT NULL,
    recommendation VARCHAR(16) NOT NULL,
    confidence VARCHAR(8) NOT NULL,
    risk_factors JSON NOT NULL,
    run_key VARCHAR(191) NULL,
    completed_at DATETIME(3) NOT NULL,
    KEY ix_ai_reviews_case (org_id, case_pk, id),
    UNIQUE KEY uq_ai_reviews_run (org_id, case_pk, run_key),
    CONSTRAINT fk_ai_reviews_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
  ) ${TABLE}`,
];

export class AiReviews1763700830000 implements MigrationInterface {
  name = 'AiReviews1763700830000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
