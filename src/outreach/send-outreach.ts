import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import { EDD_KEY_PATTERN } from '../policy/index';
import type { Services } from '../services';
import { lockOutreachCase } from './outreach-case';
import type { OutreachSentView } from './request-edd-evidence';
import { queueOutreachEmail, restartRemindersInTx } from './request-email';
import { upsertDocumentRequests } from './requested-items.repository';

/** The kinds an analyst may send with sendOutreach (EDD requests go through requestEddEvidence, reminders are the system's). */
export const ANALYST_OUTREACH_KINDS = ['document_request'] as const;
const MAX_ITEMS = 20;

/**
 * An analyst emails the customer a request (kind `document_request`) for the items given (each a slug
 * key and a label): they become the case's outstanding document requests (an item asked for again is
 * outstanding again), the case's reminders start over, and one email lists them with a link that signs
 * the customer in to the portal's upload page. outreach.email.sent is recorded once the mail system
 * accepts it.
 */
export async function sendOutreach(
  svc: Services, actor: Actor, input: { caseId: string; kind: string; items: { key: string; label: string }[] },
): Promise<OutreachSentView> {
  authorize(actor, 'outreach:send');
  const details: ValidationDetail[] = [];
  if (!(ANALYST_OUTREACH_KINDS as readonly string[]).includes(input.kind)) details.push({ path: 'kind', message: `must be one of ${ANALYST_OUTREACH_KINDS.join(', ')}` });
  const items: { key: string; label: string }[] = [];
  if (!Array.isArray(input.items) || input.items.length === 0 || input.items.length > MAX_ITEMS) details.push({ path: 'items', message: `must list 1 to ${MAX_ITEMS} items` });
  else {
    const seen = new Set<string>();
    input.items.forEach((item, i) => {
      const key = typeof item?.key === 'string' ? item.key : '';
      const label = typeof item?.label === 'string' ? item.label.trim() : '';
      if (!EDD_KEY_PATTERN.test(key) || key.length > 64) details.push({ path: `items.${i}.key`, message: 'must be a slug of 1 to 64 characters (a-z, 0-9, _ or -)' });
      else if (seen.has(key)) details.push({ path: `items.${i}.key`, message: `repeats ${key}` });
      if (label === '' || label.length > 200) details.push({ path: `items.${i}.label`, message: 'must be text of 1 to 200 characters' });
      seen.add(key);
      items.push({ key, label });
    });
  }
  if (details.length) throw DomainError.validation(details);
  const kind = input.kind as (typeof ANALYST_OUTREACH_KINDS)[number];
  const sentBy = auditName(actor);
  return inTransaction(svc, async (tx) => {
    const c = await lockOutreachCase(tx, actor.orgId, input.caseId);
    await upsertDocumentRequests(forTenant(tx.manager, c.orgId), c.casePk, items, sentBy, svc.clock.now());
    await restartRemindersInTx(tx, c);
    const { emailId, subject } = await queueOutreachEmail(tx, c, kind, items, (subj) => [
      { type: 'outreach.email.sent', fields: { kind, recipientEmail: c.customerEmail, subject: subj, itemCount: items.length, items, sentBy } },
    ]);
    return { emailId, kind, recipientEmail: c.customerEmail, subject, items };
  });
}
