import { forTenant } from '../db/index';
import { CLOSED_STATUSES, type CaseStatus } from '../cases/index';
import { lockConsoleCase } from '../cases/index';
import type { Tx } from '../db/transaction';
import { DomainError } from '../errors';

/** What an outreach email needs of its case. */
export interface OutreachCase {
  orgId: string;
  casePk: number;
  status: CaseStatus;
  customerEmail: string;
  customerName: string | null;
  companyName: string | null;
}

/**
 * Locks a tenant's case for an outreach email and checks that one may be sent: the case is open
 * (conflict when approved or declined) and has a customer email (conflict when it has none, e.g. after
 * a zero-retention purge). not_found for a missing or foreign case.
 */
export async function lockOutreachCase(tx: Tx, orgId: string, caseId: string): Promise<OutreachCase> {
  const c = await lockConsoleCase(forTenant(tx.manager, orgId), caseId);
  if (CLOSED_STATUSES.includes(c.status)) throw new DomainError('conflict', `This case is ${c.status}; reopen it before asking the customer for anything.`);
  if (!c.customerEmail) throw new DomainError('conflict', 'This case has no customer email address to write to.');
  return { orgId, casePk: c.pk, status: c.status, customerEmail: c.customerEmail, customerName: c.customerName, companyName: c.companyName };
}
