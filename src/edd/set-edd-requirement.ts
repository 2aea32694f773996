import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { lockConsoleCase } from '../cases/index';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import { EDD_KEY_PATTERN } from '../policy/index';
import type { Services } from '../services';
import { changeEddRequirementInTx } from './change-edd-requirement';
import { EDD_STATUSES, MAX_CASE_EDD_REQUIREMENTS, MAX_EDD_LABEL_CHARS, MAX_EDD_NOTE_CHARS, type EddStatus } from './edd-requirement';
import { countEddRequirements, lockEddRequirement } from './edd.repository';
import { caseEddOf } from './get-case-edd';
import type { CaseEddView } from './edd-views';

export interface SetEddRequirementInput {
  caseId: string;
  reqKey: string;
  status: string;
  /** Null or undefined: keep the note. */
  note?: string | null;
  /** Needed to add a requirement the case does not have (the analyst's own); ignored for an existing one. */
  label?: string | null;
}

/**
 * An analyst marks a case's EDD requirement outstanding, received or waived, edits its note, or adds
 * their own requirement (a new slug key with a label). A real change records edd.requirements.changed
 * with previousStatus and updatedBy the analyst's email; the same status and note again record nothing.
 * Returns the case's EDD.
 */
export async function setEddRequirement(svc: Services, actor: Actor, input: SetEddRequirementInput): Promise<CaseEddView> {
  authorize(actor, 'edd:manage');
  const details: ValidationDetail[] = [];
  if (!EDD_KEY_PATTERN.test(input.reqKey) || input.reqKey.length > 64) details.push({ path: 'reqKey', message: 'must be a slug of 1 to 64 characters (a-z, 0-9, _ or -)' });
  if (!(EDD_STATUSES as readonly string[]).includes(input.status)) details.push({ path: 'status', message: `must be one of ${EDD_STATUSES.join(', ')}` });
  const note = input.note ?? undefined;
  if (note !== undefined && note.length > MAX_EDD_NOTE_CHARS) details.push({ path: 'note', message: `must be at most ${MAX_EDD_NOTE_CHARS} characters` });
  const label = input.label?.trim() ?? '';
  if (input.label != null && (label === '' || label.length > MAX_EDD_LABEL_CHARS)) details.push({ path: 'label', message: `must be text of 1 to ${MAX_EDD_LABEL_CHARS} characters` });
  if (details.length) throw DomainError.validation(details);
  const orgId = actor.orgId;
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const c = await lockConsoleCase(db, input.caseId);
    const existing = await lockEddRequirement(db, c.pk, input.reqKey);
    if (!existing) {
      if (!label) throw DomainError.validation([{ path: 'label', message: `is required to add the requirement ${input.reqKey} (the case has no requirement with that key)` }]);
      if (await countEddRequirements(db, c.pk) >= MAX_CASE_EDD_REQUIREMENTS) {
        throw DomainError.validation([{ path: 'reqKey', message: `cannot be added: a case holds at most ${MAX_CASE_EDD_REQUIREMENTS} EDD requirements` }]);
      }
    }
    await changeEddRequirementInTx(tx, {
      orgId, casePk: c.pk, reqKey: input.reqKey, label, source: 'analyst', status: input.status as EddStatus, note, updatedBy: auditName(actor),
    });
    return caseEddOf(db, c.pk);
  });
}
