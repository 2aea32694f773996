// The mail outbox (src/mail, table outgoing_mails) as tests read it: the email of an owning row.
import type { Services } from '../../src/platform/index';

/** The outbox id of the email of one owning row (its kind and reference); throws when there is none. */
export async function mailIdOf(svc: Services, kind: string, reference: number): Promise<number> {
  const [row]: { id: number | string }[] = await svc.db.query('SELECT id FROM outgoing_mails WHERE kind = ? AND reference = ?', [kind, reference]);
  if (!row) throw new Error(`no ${kind} email for ${reference} in the outbox`);
  return Number(row.id);
}
