import { auditName, type Actor } from '../access/index';
import { forTenant, type TenantDb } from '../db/index';
import { inTransaction, type Tx } from '../db/transaction';
import { recordEvent } from '../events/record-event';
import { requireText } from '../validation';
import type { ValidationDetail } from '../errors';
import type { Services } from '../services';
import { assertTransition, findConsoleCaseRow, lockConsoleCase, updateCaseStatus, consoleCaseView, type CaseStatus, type ConsoleCaseView } from '../cases/index';

/** Longest escalation, response or reopening note. */
export const MAX_NOTE = 5000;

/** A required note of at most MAX_NOTE characters, trimmed; a problem goes into `details`. */
export function requireNote(details: ValidationDetail[], path: string, value: unknown): string {
  return requireText(details, path, value, MAX_NOTE);
}

/** What a move's own writes see: the locked case, the actor's name and the move's time. */
export interface CaseMove {
  tx: Tx;
  db: TenantDb;
  c: Awaited<ReturnType<typeof lockConsoleCase>>;
  by: string;
  now: Date;
}

/**
 * A console status move, in one transaction with the case row locked: checks the transition, runs the
 * move's own writes and events (`first`), sets the status, records case.status.changed (with `fields`
 * added) and answers the case as it is now. Escalating, answering an escalation and reopening share it.
 */
export async function moveCase(
  svc: Services, actor: Actor,
  move: { caseId: string; to: CaseStatus; what: string; allowedFrom?: readonly CaseStatus[]; fields?: Record<string, unknown> },
  first: (m: CaseMove) => Promise<void>,
): Promise<ConsoleCaseView> {
  const orgId = actor.orgId;
  const by = auditName(actor);
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const c = await lockConsoleCase(db, move.caseId);
    assertTransition(c.caseId, c.status, move.to, move.what, move.allowedFrom);
    const now = svc.clock.now();
    await first({ tx, db, c, by, now });
    await updateCaseStatus(db, c.pk, move.to, now);
    await recordEvent(tx, {
      orgId, type: 'case.status.changed', case: { pk: c.pk },
      fields: { companyName: c.companyName, status: move.to, previousStatus: c.status, changedBy: by, ...move.fields },
    });
    return consoleCaseView((await findConsoleCaseRow(db, c.caseId))!, svc.config.appUrl);
  });
}
