import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import { recordEvent } from '../events/record-event';
import type { EddSource, EddStatus } from './edd-requirement';
import { insertEddChange, insertEddRequirement, lockEddRequirement, updateEddRequirement } from './edd.repository';

export interface EddChange {
  orgId: string;
  casePk: number;
  reqKey: string;
  /** Used when the requirement is new (an existing one keeps its label). */
  label: string;
  source: EddSource;
  status: EddStatus;
  /** Undefined: keep the note as it is (a new requirement starts with an empty note). */
  note?: string;
  updatedBy: string;
}

/**
 * Applies one change to a case's requirement inside the caller's transaction (which holds the case row
 * lock): adds it when new (previousStatus null), or updates its status and note. A real change (a new
 * requirement, another status, another note) is kept in the history and recorded as
 * edd.requirements.changed; the same status and note again changes nothing and records nothing.
 * Returns whether anything changed.
 */
export async function changeEddRequirementInTx(tx: Tx, c: EddChange): Promise<boolean> {
  const db = forTenant(tx.manager, c.orgId);
  const now = tx.services.clock.now();
  const current = await lockEddRequirement(db, c.casePk, c.reqKey);
  const note = c.note ?? current?.note ?? '';
  if (current && current.status === c.status && current.note === note) return false;
  const label = current?.label ?? c.label;
  if (current) await updateEddRequirement(db, c.casePk, c.reqKey, { status: c.status, note, updatedBy: c.updatedBy, at: now });
  else await insertEddRequirement(db, c.casePk, { reqKey: c.reqKey, label, source: c.source, status: c.status, note, updatedBy: c.updatedBy, at: now });
  const previousStatus = current?.status ?? null;
  await insertEddChange(db, c.casePk, { reqKey: c.reqKey, label, status: c.status, previousStatus, note, updatedBy: c.updatedBy, changedAt: now });
  await recordEvent(tx, {
    orgId: c.orgId, type: 'edd.requirements.changed', case: { pk: c.casePk },
    fields: { reqKey: c.reqKey, label, status: c.status, previousStatus, note, updatedBy: c.updatedBy },
  });
  return true;
}
