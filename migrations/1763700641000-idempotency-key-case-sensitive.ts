import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. An Idempotency-Key is compared byte for byte, as Stripe's
// are: under the table's default utf8mb4_unicode_ci, `abcDEF` and `ABCdef` were one key (the second
// request answered 422 idempotency_key_reused). Keys are 1..255 visible ASCII characters (checked
// before they are stored since the first release), so converting to ascii loses nothing; existing
// keys keep their rows (keys unique case-insensitively are unique byte for byte too).
const statements = [
  `ALTER TABLE idempotency_keys MODIFY idem_key VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin NOT NULL`,
];

export class IdempotencyKeyCaseSensitive1763700641000 implements MigrationInterface {
  name = 'IdempotencyKeyCaseSensitive1763700641000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
