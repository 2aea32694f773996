import { type TenantDb, forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { listUnsettledDocuments } from '../documents/index';
import { listEddRequirements } from '../edd/index';
import { DomainError } from '../errors';
import { listUnverifiedPersons, type UnverifiedPerson } from '../idv/index';
import { listOpenHits } from '../screening/index';
import type { Services } from '../services';
import { findCasePk } from '../cases/index';
import { findRoutedAt } from '../cases/index';

/** What keeps a case from being approved without a deliberate override, in the order they are listed. */
export const DECISION_BLOCKER_CODES = [
  'identity_not_verified', 'screening_hit_open', 'document_in_error', 'document_pending', 'edd_outstanding', 'not_routed',
] as const;
export type DecisionBlockerCode = (typeof DECISION_BLOCKER_CODES)[number];

/** One open check of a case. `subject`: the person's key, hit id, document id or EDD key it is about (null for the case itself). */
export interface DecisionBlocker {
  code: DecisionBlockerCode;
  message: string;
  subject: string | null;
}

/** A blocker as the audit log keeps it: its code and subject, never the message (which names people and files). */
export const auditedBlockers = (blockers: DecisionBlocker[]) => blockers.map(({ code, subject }) => ({ code, subject }));

/** The message of a blocker once the case's personal data is purged: says what was open without naming anyone. */
export const PURGED_BLOCKER_MESSAGES: Record<DecisionBlockerCode, string> = {
  identity_not_verified: 'An identity verification had not passed.',
  screening_hit_open: 'A screening hit had no settled disposition.',
  document_in_error: 'A document was in error.',
  document_pending: 'A document was still processing or escalated.',
  edd_outstanding: 'An EDD requirement was outstanding.',
  not_routed: 'The decision policy has not routed the case yet.',
};

function idvStanding(p: UnverifiedPerson): string {
  if (p.state === null) return 'no verification sent';
  if (p.state === 'no_email') return 'no email address to send the link to';
  if (p.state === 'link_sent') return 'link sent, not answered';
  if (p.state === 'in_progress') return 'in progress';
  if (p.outcome === 'fail') return 'failed';
  if (p.outcome === 'manual_review') return 'referred for manual review';
  return p.state;
}

/**
 * A case's open decision blockers as they stand (read in the caller's transaction when given one):
 * each person whose identity verification has not passed, each screening hit no human has
 * dispositioned (or one escalated to a senior), each document in error, processing or escalated, each
 * outstanding EDD requirement, and the decision policy not having routed the case yet. Empty when nothing is open.
 */
export async function decisionBlockersOf(db: TenantDb, casePk: number): Promise<DecisionBlocker[]> {
  const [persons, hits, documents, edd, routedAt] = await Promise.all([
    listUnverifiedPersons(db, casePk), listOpenHits(db, casePk), listUnsettledDocuments(db, casePk),
    listEddRequirements(db, casePk), findRoutedAt(db, casePk),
  ]);
  return [
    ...persons.map((p): DecisionBlocker => ({
      code: 'identity_not_verified', subject: p.personKey, message: `Identity verification of ${p.name} has not passed (${idvStanding(p)}).`,
    })),
    ...hits.map((h): DecisionBlocker => ({
      code: 'screening_hit_open', subject: h.hitId,
      message: `Screening hit ${h.caption ? `"${h.caption}"` : h.hitId}${h.subjectName ? ` on ${h.subjectName}` : ''} ${
        h.escalated ? 'is escalated and awaits a senior disposition' : 'has no disposition'}.`,
    })),
    ...documents.map((d): DecisionBlocker => (d.status === 'error'
      ? { code: 'document_in_error', subject: String(d.id), message: `Document ${d.filename} is in error.` }
      : { code: 'document_pending', subject: String(d.id), message: `Document ${d.filename} ${d.status === 'processing' ? 'is still being processed' : 'is escalated and awaits a senior review'}.` })),
    ...edd.filter((r) => r.status === 'outstanding').map((r): DecisionBlocker => ({
      code: 'edd_outstanding', subject: r.reqKey, message: `EDD requirement "${r.label}" is outstanding.`,
    })),
    ...(routedAt ? [] : [{ code: 'not_routed' as const, subject: null, message: 'The decision policy has not routed the case yet.' }]),
  ];
}

/** The open decision blockers of a tenant's case (cases:read); not_found for a missing or foreign id. */
export async function listDecisionBlockers(svc: Services, actor: Actor, caseId: string): Promise<DecisionBlocker[]> {
  const db = forTenant(svc.db, actor);
  authorize(actor, 'cases:read');
  const casePk = await findCasePk(db, caseId);
  if (casePk === null) throw DomainError.notFound('Case');
  return decisionBlockersOf(db, casePk);
}
