import { forTenant, type TenantDb } from '../db/index';
import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/record-audit';
import { inTransaction, type Tx } from '../db/transaction';
import { emailKey } from '../email-address';
import { DomainError } from '../errors';
import { recordEvent } from '../events/record-event';
import { isValidIdempotencyKey, requestHash, runIdempotent, type StoredResponse } from '../idempotency/idempotent';
import { createInvite } from '../invites/index';
import { auditName, authorize, principalMode, type Actor, type Mode } from '../access/index';
import { sha256Hex } from '../security/tokens';
import { assertSchema } from '../schema';
import type { Services } from '../services';
import { createdCaseView } from '../cases/index';
import { CreateCaseRequestSchema, type CreateCaseBody, type CreatedCaseView, type ExistingOpenCaseView } from '../cases/index';
import { findCaseByCrmRecordId, findCaseRowByPk, findOpenCaseByEmailKey, insertCase, insertCompanyProfile } from '../cases/index';
import { dedupLockKey as lockKey, ensureDedupLockRows, lockDedupKeys } from '../cases/index';

/** What POST /v1/cases decided, before any transport renders it. */
export type CreateCaseOutcome =
  | { kind: 'created'; case: CreatedCaseView }
  /** Layer 2: the tenant already has a case for this crmRecordId; that case is the answer. */
  | { kind: 'existing_crm_record'; case: CreatedCaseView }
  /** Layer 3: the customer email already has an open case in the tenant. */
  | { kind: 'duplicate_open_case'; existing: ExistingOpenCaseView };

export interface CreateCaseInput {
  /** The request body as received (validated here against CreateCaseRequestSchema). */
  body: unknown;
  /** The Idempotency-Key header, when sent. */
  idempotencyKey?: string | null;
  /**
   * How the transport answers an outcome. The rendered response is what an Idempotency-Key replays,
   * so it is stored in the same transaction as the case.
   */
  render(outcome: CreateCaseOutcome): StoredResponse;
}

export interface CreateCaseResult {
  response: StoredResponse;
  /** Why this is not a fresh creation: a replayed Idempotency-Key, or an existing case of the crmRecordId. */
  replay: 'idempotency_key' | 'crm_record_id' | null;
}

/**
 * POST /v1/cases. Validates the body, then applies the three dedup layers of decisions.md in order,
 * each per tenant and safe under concurrent requests:
 *  1. Idempotency-Key (a committed claim row; the response is stored with the case);
 *  2. crmRecordId (unless allowDuplicateCrmRecord);
 *  3. an open case for customerEmail (unless allowDuplicate, which is audited), found by the address's
 *     normalized key (emailKey: NFKC_Casefold), the same key that names its lock row.
 * Layers 2 and 3 take a row lock per (tenant, value) in case_dedup_locks before they look, so two
 * racing requests for one value run one after the other and the second sees the first's case.
 * Creates the case (UUID id, source `api`), its company profile and its magic-link invite, and
 * records case.created in the same transaction; the invite email is sent by a job after commit.
 */
export async function createCase(svc: Services, actor: Actor, input: CreateCaseInput): Promise<CreateCaseResult> {
  authorize(actor, 'cases:create');
  const checked = checkCaseBody(input.body);
  const key = input.idempotencyKey ?? null;
  if (key !== null && !isValidIdempotencyKey(key)) {
    throw DomainError.validation([{ path: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' }]);
  }
  const orgId = actor.orgId;
  let crmReplay = false;
  // Lock rows are created on first use, before (never inside) the guarded transaction.
  await ensureDedupLockRows(forTenant(svc.db, actor), checked.locks, svc.clock.now());
  const result = await runIdempotent(svc, { orgId, key: modeScopedKey(key, principalMode(actor)), requestHash: requestHash(input.body) }, async (tx) => {
    await lockDedupKeys(forTenant(tx.manager, actor), checked.locks);
    const decided = await decideAndCreate(tx, actor, checked, input.render);
    crmReplay = decided.crmReplay;
    return decided.response;
  });
  return { response: result.response, replay: result.replayed ? 'idempotency_key' : crmReplay ? 'crm_record_id' : null };
}

/** A POST /v1/cases body checked (validation_failed otherwise), with the dedup lock rows it takes. */
export interface CheckedCaseBody {
  body: CreateCaseBody;
  customerEmail: string;
  customerEmailKey: string;
  crmGuard: boolean;
  emailGuard: boolean;
  locks: string[];
}

export function checkCaseBody(input: unknown): CheckedCaseBody {
  const body = assertSchema(CreateCaseRequestSchema, input);
  const customerEmail = body.customerEmail.trim();
  const customerEmailKey = emailKey(customerEmail);
  const crmGuard = body.crmRecordId !== undefined && body.allowDuplicateCrmRecord !== true;
  const emailGuard = body.allowDuplicate !== true;
  const locks = [
    ...(crmGuard ? [lockKey('crm', body.crmRecordId!)] : []),
    ...(emailGuard ? [lockKey('email', customerEmailKey)] : []),
  ];
  return { body, customerEmail, customerEmailKey, crmGuard, emailGuard, locks };
}

/**
 * Creates several cases without Idempotency-Keys in ONE transaction (createCases' runs of keyless items, the
 * console's CSV import): every dedup lock row of the run is taken first, in one sorted statement as createCase
 * takes its own, then each body goes through createCase's layers 2 and 3 in order (a later body sees the cases
 * of the earlier ones). The same outcomes, events and invites as one createCase each, with one commit.
 */
export async function createCasesTogether(
  svc: Services, actor: Actor, bodies: readonly CheckedCaseBody[], render: CreateCaseInput['render'],
): Promise<CreateCaseResult[]> {
  authorize(actor, 'cases:create');
  if (bodies.length === 0) return [];
  const locks = [...new Set(bodies.flatMap((b) => b.locks))];
  await ensureDedupLockRows(forTenant(svc.db, actor), locks, svc.clock.now());
  return inTransaction(svc, async (tx) => {
    await lockDedupKeys(forTenant(tx.manager, actor), locks);
    const results: CreateCaseResult[] = [];
    for (const checked of bodies) {
      const decided = await decideAndCreate(tx, actor, checked, render);
      results.push({ response: decided.response, replay: decided.crmReplay ? 'crm_record_id' : null });
    }
    return results;
  });
}

/** Layers 2 and 3 under the caller's locks, then the insert: the answer rendered, and whether it is the crmRecordId's existing case. */
async function decideAndCreate(
  tx: Tx, actor: Actor, checked: CheckedCaseBody, render: CreateCaseInput['render'],
): Promise<{ response: StoredResponse; crmReplay: boolean }> {
  const svc = tx.services;
  const orgId = actor.orgId;
  const db = forTenant(tx.manager, actor);
  const { body, customerEmail, customerEmailKey } = checked;
  if (checked.crmGuard) {
    const existing = await findCaseByCrmRecordId(db, body.crmRecordId!);
    if (existing) {
      return { crmReplay: true, response: render({ kind: 'existing_crm_record', case: createdCaseView(existing, { appUrl: svc.config.appUrl, portalUrl: `${svc.config.appUrl}/portal` }) }) };
    }
  }
  const openCase = await findOpenCaseByEmailKey(db, customerEmailKey);
  if (openCase && checked.emailGuard) {
    return {
      crmReplay: false,
      response: render({ kind: 'duplicate_open_case', existing: { caseId: openCase.case_id, status: openCase.status, createdAt: openCase.created_at.toISOString() } }),
    };
  }
  const created = await insertApiCase(tx, db, { ...body, customerEmail });
  if (openCase) {
    await recordAudit(tx, {
      orgId,
      actor: auditName(actor),
      action: 'case.duplicate_open_case_override',
      details: { caseId: created.caseId, existingCaseId: openCase.case_id, customerEmail },
      at: svc.clock.now(),
    });
  }
  return { crmReplay: false, response: render({ kind: 'created', case: created }) };
}

/**
 * An Idempotency-Key as stored for the caller's mode: test and live requests never replay each other's answers
 * (Stripe keeps keys per mode too). A test key is stored as `test <sha256 of the key>`: a space is not a visible
 * character, so no live key is ever stored so.
 */
function modeScopedKey(key: string | null, mode: Mode): string | null {
  return key === null || mode === 'live' ? key : `test ${sha256Hex(key)}`;
}

/** Inserts the case in the handle's mode (the caller's: a test client's case is a test case). */
async function insertApiCase(tx: Tx, db: TenantDb, body: CreateCaseBody): Promise<CreatedCaseView> {
  const orgId = db.orgId;
  const svc = tx.services;
  const now = svc.clock.now();
  const caseId = randomUUID();
  const sendInvite = body.sendInvite !== false;
  const companyName = body.companyName.trim();
  const pk = await insertCase(db, {
    caseId, source: 'api', crmRecordId: body.crmRecordId ?? null, crmSource: body.crmSource ?? null, customerEmail: body.customerEmail,
    customerEmailKey: emailKey(body.customerEmail), customerName: body.customerName ?? null, companyName, companyNumber: null,
    country: body.country ?? null, createdBy: null, inviteSentAt: sendInvite ? now : null, now,
  });
  await insertCompanyProfile(db, pk, {
    companyName, registrationNumber: null, country: body.country ?? null, customerEmail: body.customerEmail, now,
  });
  const invite = await createInvite(tx, { orgId, casePk: pk, email: body.customerEmail, send: sendInvite });
  await recordEvent(tx, {
    orgId,
    type: 'case.created',
    case: { pk },
    fields: {
      companyName,
      companyNumber: null,
      country: body.country ?? null,
      customerEmail: body.customerEmail,
      source: 'api',
    },
  });
  const row = await findCaseRowByPk(db, pk);
  return createdCaseView(row!, { appUrl: svc.config.appUrl, portalUrl: invite.link });
}
