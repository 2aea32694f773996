import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { CLOSED_STATUSES } from '../cases/index';
import { findCasePk, findCaseRowByPk } from '../cases/index';
import { portalCustomer } from '../documents/index';
import type { Tx } from '../db/transaction';
import { changeEddRequirementInTx, lockEddRequirement } from '../edd/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { findReminder, listRequestedItems, markDocumentRequestReceived, type StoredRequestedItem, type RequestedItemSource, type RequestedItemStatus } from './requested-items.repository';

/** An item asked of the customer, as the portal and the console show it. `ref` names it for an upload: `edd:<key>` or `document:<key>`. */
export interface RequestedItemView {
  ref: string;
  source: RequestedItemSource;
  key: string;
  label: string;
  status: RequestedItemStatus;
  requestedAt: string;
}

/** A case's reminder state for the console. */
export interface ReminderStateView {
  recipientEmail: string;
  remindersSent: number;
  /** When the next reminder is due (null: none scheduled). */
  nextDueAt: string | null;
  /** Why reminders stopped: `received`, `case_closed`, `unsubscribed`, `limit`, `disabled`, or null. */
  stoppedReason: string | null;
  unsubscribed: boolean;
}

export interface CaseRequestsView {
  items: RequestedItemView[];
  reminders: ReminderStateView | null;
}

const itemView = (r: StoredRequestedItem): RequestedItemView => ({
  ref: `${r.source}:${r.key}`, source: r.source, key: r.key, label: r.label, status: r.status, requestedAt: r.requestedAt.toISOString(),
});

/** What the console's Outreach section shows of a case's requests: the items asked for, with their status, and the reminder state. */
export async function getCaseRequests(svc: Services, actor: Actor, input: { caseId: string }): Promise<CaseRequestsView> {
  const db = forTenant(svc.db, actor);
  authorize(actor, 'edd:read');
  const casePk = await findCasePk(db, input.caseId);
  if (casePk === null) throw DomainError.notFound('Case');
  const [items, r] = await Promise.all([listRequestedItems(db, casePk), findReminder(db, casePk)]);
  return {
    items: items.map(itemView),
    reminders: r && {
      recipientEmail: r.recipientEmail, remindersSent: r.sentCount, nextDueAt: r.nextDueAt?.toISOString() ?? null, stoppedReason: r.stoppedReason, unsubscribed: Boolean(r.unsubscribedAt),
    },
  };
}

/** The items asked of the customer of the case (their own, in the portal), with whether they may still upload. */
export async function listPortalRequestedItems(svc: Services, actor: Actor): Promise<{ items: RequestedItemView[]; open: boolean }> {
  const customer = portalCustomer(actor);
  const db = forTenant(svc.db, customer.orgId);
  const c = await findCaseRowByPk(db, customer.casePk);
  if (!c) throw DomainError.notFound('Case');
  const items = (await listRequestedItems(db, customer.casePk)).map(itemView);
  return { items, open: !CLOSED_STATUSES.includes(c.status) };
}

const REF = /^(edd|document):([a-z0-9]+(?:[_-][a-z0-9]+)*)$/;

/** Checks an upload's item ref before any byte is stored: it names an outstanding requested item of the case. */
export async function assertItemOpen(svc: Services, customer: { orgId: string; casePk: number }, ref: string): Promise<void> {
  const item = (await listRequestedItems(forTenant(svc.db, customer.orgId), customer.casePk)).find((i) => `${i.source}:${i.key}` === ref);
  if (!item) throw DomainError.validation([{ path: 'item', message: 'is not an item you were asked for' }]);
  if (item.status !== 'outstanding') throw new DomainError('conflict', `"${item.label}" has already been ${item.status === 'waived' ? 'waived' : 'received'}; nothing more is needed for it.`);
}

/**
 * Inside the upload's transaction (the case locked): the customer's upload against an item marks it
 * received. An EDD requirement records edd.requirements.changed with updatedBy `customer` (the customer's
 * address is personal data, which zero retention purges; see docs/edd-and-outreach.md).
 * An item no longer outstanding is refused (conflict), so the upload is not stored either.
 */
export async function receiveRequestedItemInTx(tx: Tx, c: { orgId: string; casePk: number }, ref: string): Promise<void> {
  const db = forTenant(tx.manager, c.orgId);
  const m = REF.exec(ref);
  if (!m) throw DomainError.validation([{ path: 'item', message: 'is not an item you were asked for' }]);
  const [, source, key] = m as unknown as [string, RequestedItemSource, string];
  if (source === 'document') {
    if (await markDocumentRequestReceived(db, c.casePk, key, tx.services.clock.now())) return;
  } else {
    const req = await lockEddRequirement(db, c.casePk, key);
    if (req && req.requestedAt && req.status === 'outstanding') {
      await changeEddRequirementInTx(tx, { orgId: c.orgId, casePk: c.casePk, reqKey: key, label: req.label, source: req.source, status: 'received', updatedBy: 'customer' });
      return;
    }
  }
  throw new DomainError('conflict', 'This item is no longer outstanding; nothing more is needed for it.');
}
