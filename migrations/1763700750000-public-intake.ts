import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. The public intake link (issue 13): `{APP_URL}/apply/<slug>`.
// Tenants get a unique URL-safe slug and a switch for the link (off by default); a customer who starts
// there confirms their email with a one-time code (intake_codes), and the portal session it opens
// names that code instead of an invite.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const HASH = 'CHAR(64) CHARACTER SET ascii COLLATE ascii_bin';
const SLUG = 'VARCHAR(63) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const before = [
  `ALTER TABLE tenants ADD COLUMN slug ${SLUG} NULL AFTER name, ADD COLUMN public_intake_enabled TINYINT(1) NOT NULL DEFAULT 0 AFTER four_eyes`,
];

const after = [
  `ALTER TABLE tenants MODIFY slug ${SLUG} NOT NULL, ADD UNIQUE KEY uq_tenants_slug (slug)`,

  // One emailed code. code_hash: HMAC-SHA256 (key derived from SECRETS_KEY key `key_id`) of the tenant,
  // the email key's hash and the code, so a copy of the table does not give the codes back (a plain hash
  // of six digits would). code_sealed (AES-GCM) is kept only until the mail server accepted the message.
  // tries: wrong codes typed while this one was live (5 spend it).
  `CREATE TABLE intake_codes (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    email VARCHAR(254) NOT NULL,
    email_key_hash ${HASH} NOT NULL,
    code_hash ${HASH} NOT NULL,
    key_id VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    code_sealed VARCHAR(512) CHARACTER SET ascii COLLATE ascii_bin NULL,
    mail_state VARCHAR(10) NOT NULL,
    mail_attempts INT NOT NULL DEFAULT 0,
    next_attempt_at ${TS} NULL,
    lease_until ${TS} NULL,
    last_error TEXT NULL,
    accepted_at ${TS} NULL,
    tries INT NOT NULL DEFAULT 0,
    expires_at ${TS} NOT NULL,
    used_at ${TS} NULL,
    created_at ${TS} NOT NULL,
    KEY ix_intake_codes_email (org_id, email_key_hash, id),
    KEY ix_intake_codes_due (mail_state, next_attempt_at),
    KEY ix_intake_codes_created (created_at)
  ) ${TABLE}`,

  // A portal session is opened by a redeemed invite or by a confirmed intake code (exactly one of them).
  `ALTER TABLE portal_sessions MODIFY invite_id BIGINT UNSIGNED NULL, ADD COLUMN intake_code_id BIGINT UNSIGNED NULL AFTER invite_id,
    ADD CONSTRAINT ck_portal_sessions_opened_by CHECK ((invite_id IS NULL) <> (intake_code_id IS NULL))`,
];

// A frozen copy of src/tenants/tenant-slug.ts slugFromName() as of this migration (migrations import
// nothing from src/). Existing tenants get the slug of their name; when several names give the same
// one, the oldest tenant keeps it and the next get `-2`, `-3` ... (by created_at, then id).
const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };
function slugFromName(name: string): string {
  const base = name.toLowerCase().replace(/[ßæœøđðłþı]/g, (c) => LETTERS[c]!).normalize('NFKD').replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+/, '').slice(0, 40).replace(/-+$/, '');
  if (base.length >= 3) return base;
  return base ? `org-${base}` : 'org';
}

export class PublicIntake1763700750000 implements MigrationInterface {
  name = 'PublicIntake1763700750000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of before) await q.query(sql);
    const tenants = (await q.query('SELECT id, name FROM tenants ORDER BY created_at, id')) as { id: string; name: string }[];
    const taken = new Set<string>();
    for (const t of tenants) {
      const base = slugFromName(t.name);
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      taken.add(slug);
      await q.query('UPDATE tenants SET slug = ? WHERE id = ?', [slug, t.id]);
    }
    for (const sql of after) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
