import { forTenant, type TenantScope } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction, type Tx } from '../db/transaction';
import { recordEvent } from '../events/record-event';
import type { Services } from '../services';
import { emailAddressProblem, emailKey } from '../email-address';
import { isRegistrationNumber, REGISTRATION_NUMBER_MESSAGE } from '../registration-number';
import { requireText, throwIfAny, isEmail } from '../validation';
import type { ValidationDetail } from '../errors';
import { createInvite } from '../invites/index';
import { caseNumber } from '../cases/index';
import { insertCase, insertCompanyProfile, nextCaseSequence } from '../cases/index';

export interface OpenCaseInput {
  /** How the case came in (every way but the API, which is createCase). */
  source: 'manual' | 'doc_upload' | 'application_form';
  companyName: string;
  customerEmail?: string | null;
  customerName?: string | null;
  country?: string | null;
  companyNumber?: string | null;
  /**
   * Email the customer the magic-link invite, as POST /v1/cases does (needs customerEmail); default
   * false. The invite is created with the case and sent by a job after commit.
   */
  sendInvite?: boolean;
}

/**
 * Opens a case that did not come through POST /v1/cases: its id is `CS-<year>-<00000>`, numbered per
 * tenant and year. Records case.created in the same transaction; on manual creation `createdBy` is the
 * actor's audit name (the analyst's email). With sendInvite, the customer's magic-link invite is
 * created in the same transaction (inviteSentAt set) and emailed after commit, as for POST /v1/cases.
 */
export async function openCase(svc: Services, actor: Actor, input: OpenCaseInput): Promise<{ caseId: string; pk: number }> {
  authorize(actor, 'cases:create');
  const createdBy = input.source === 'manual' ? auditName(actor) : null;
  const details: ValidationDetail[] = [];
  const companyName = requireText(details, 'companyName', input.companyName, 200);
  if (input.customerEmail != null) {
    const problem = isEmail(input.customerEmail) ? emailAddressProblem(input.customerEmail) : 'must be a valid email address';
    if (problem) details.push({ path: 'customerEmail', message: problem });
  }
  const optional = (path: string, value: string | null | undefined, max: number) => {
    if (value != null && (typeof value !== 'string' || value.length > max)) details.push({ path, message: `must be a string of at most ${max} characters` });
  };
  optional('customerName', input.customerName, 200);
  optional('country', input.country, 100);
  // The registration number goes to the registry adapter's URL path (monitoring): only what registers write.
  if (input.companyNumber != null && (typeof input.companyNumber !== 'string' || (input.companyNumber.trim() !== '' && !isRegistrationNumber(input.companyNumber)))) {
    details.push({ path: 'companyNumber', message: REGISTRATION_NUMBER_MESSAGE });
  }
  const sendInvite = input.sendInvite === true;
  if (sendInvite && input.customerEmail == null) details.push({ path: 'customerEmail', message: 'is required to send the invite' });
  throwIfAny(details);
  return inTransaction(svc, (tx) => insertOpenedCase(tx, actor, { ...input, companyName, createdBy, sendInvite }));
}

/**
 * openCase's insert in the caller's transaction, for use cases that check their caller themselves and
 * must open the case under locks they hold (the public intake, under the open-case guard's lock row).
 * The company name may be unknown (null) there: the customer has typed only their email so far.
 * `scope` is the tenant, or the caller (whose mode the case takes: a console member working test data opens a test case).
 */
export async function insertOpenedCase(
  tx: Tx, scope: string | TenantScope, input: Omit<OpenCaseInput, 'companyName'> & { companyName: string | null; createdBy?: string | null; sendInvite?: boolean },
): Promise<{ caseId: string; pk: number }> {
  const db = forTenant(tx.manager, scope);
  const orgId = db.orgId;
  const svc = tx.services;
  const companyName = input.companyName;
  const createdBy = input.createdBy ?? null;
  const sendInvite = input.sendInvite === true;
  const now = svc.clock.now();
  const year = now.getUTCFullYear();
  const caseId = caseNumber(year, await nextCaseSequence(db, year));
  const pk = await insertCase(db, {
    caseId, source: input.source, crmRecordId: null, crmSource: null, customerEmail: input.customerEmail ?? null,
    customerEmailKey: input.customerEmail != null ? emailKey(input.customerEmail) : null, customerName: input.customerName ?? null,
    companyName, companyNumber: input.companyNumber ?? null, country: input.country ?? null, createdBy, inviteSentAt: sendInvite ? now : null, now,
  });
  if (sendInvite) await createInvite(tx, { orgId, casePk: pk, email: input.customerEmail!, send: true });
  await insertCompanyProfile(db, pk, {
    companyName, registrationNumber: input.companyNumber ?? null, country: input.country ?? null, customerEmail: input.customerEmail ?? null, now,
  });
  await recordEvent(tx, {
    orgId,
    type: 'case.created',
    case: { pk },
    fields: {
      companyName, companyNumber: input.companyNumber ?? null, country: input.country ?? null, customerEmail: input.customerEmail ?? null,
      source: input.source, ...(createdBy ? { createdBy } : {}),
    },
  });
  return { caseId, pk };
}
