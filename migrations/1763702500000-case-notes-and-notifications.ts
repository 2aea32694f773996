import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Case notes with mentions, and the console's notifications (issue 26).
//
// - case_notes (src/case-notes): one row per note of a case, its current body and version number. A note is
//   never deleted (a compliance record): an edit raises `version` and keeps the body it replaces.
// - case_note_versions (src/case-notes): every body a note ever had, version 1 the original, each with who
//   wrote it and when. The current body is the highest version's.
// - notifications (src/notifications): what the console tells one member (today: that a note mentions them),
//   with the case it is about, who caused it and a short excerpt; read_at once the member marked it read.
//   Its email goes through the mail outbox (kind member_notification, reference the notification's id).
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const CASE_ID = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
const CODE = 'VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  `CREATE TABLE case_notes (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    author_id ${ID} NOT NULL,
    body MEDIUMTEXT NOT NULL,
    version INT UNSIGNED NOT NULL,
    created_at ${TS} NOT NULL,
    edited_at ${TS} NULL,
    KEY ix_case_notes_case (org_id, case_pk, id)
  ) ${TABLE}`,
  `CREATE TABLE case_note_versions (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    note_id BIGINT UNSIGNED NOT NULL,
    version INT UNSIGNED NOT NULL,
    body MEDIUMTEXT NOT NULL,
    written_by ${ID} NOT NULL,
    written_at ${TS} NOT NULL,
    UNIQUE KEY uq_case_note_versions (org_id, note_id, version)
  ) ${TABLE}`,
  `CREATE TABLE notifications (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    member_id ${ID} NOT NULL,
    kind ${CODE} NOT NULL,
    case_id ${CASE_ID} NULL,
    note_id BIGINT UNSIGNED NULL,
    actor_name VARCHAR(300) NOT NULL,
    excerpt TEXT NOT NULL,
    created_at ${TS} NOT NULL,
    read_at ${TS} NULL,
    KEY ix_notifications_member (org_id, member_id, id),
    KEY ix_notifications_unread (org_id, member_id, read_at)
  ) ${TABLE}`,
];

export class CaseNotesAndNotifications1763702500000 implements MigrationInterface {
  name = 'CaseNotesAndNotifications1763702500000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
