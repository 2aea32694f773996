import type { Services } from '../services';

/**
 * Keeps a rendered message in the local mail outbox table (SMTP_URL unset), and logs that it did,
 * without the body: the body holds the magic link, and links never reach a log line.
 */
export async function keepMailLocally(
  svc: Services,
  mail: { orgId: string; to: string; subject: string; messageId: string; raw: string; mode?: 'live' | 'test' },
): Promise<void> {
  const mode = mail.mode ?? 'live';
  await svc.db.query(
    'INSERT INTO mail_outbox (org_id, mode, to_address, subject, message_id, raw, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [mail.orgId, mode, mail.to, mail.subject.slice(0, 500), mail.messageId, mail.raw, svc.clock.now()],
  );
  svc.log.info(
    { orgId: mail.orgId, messageId: mail.messageId, subject: mail.subject, mode },
    mode === 'test' ? 'test mode: mail kept in the local mail_outbox table, never sent' : 'SMTP_URL is unset: mail kept in the local mail_outbox table',
  );
}

/** The local outbox of a tenant (its live mail, or its test mail), newest first (development, tests). */
export async function listLocalMail(
  svc: Services, orgId: string, limit = 50, mode: 'live' | 'test' = 'live',
): Promise<{ to: string; subject: string; messageId: string; raw: string; createdAt: Date }[]> {
  const rows: { to_address: string; subject: string; message_id: string; raw: string; created_at: Date }[] = await svc.db.query(
    'SELECT to_address, subject, message_id, raw, created_at FROM mail_outbox WHERE org_id = ? AND mode = ? ORDER BY id DESC LIMIT ?',
    [orgId, mode, limit],
  );
  return rows.map((r) => ({ to: r.to_address, subject: r.subject, messageId: r.message_id, raw: r.raw, createdAt: r.created_at }));
}
