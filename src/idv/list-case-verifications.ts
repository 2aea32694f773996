import { type TenantDb, forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { findCasePk } from '../cases/index';
import { caseRoster } from '../cases/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import type { CaseVerificationView } from './idv.wire';
import { listCasePersons, listCaseVerifications } from './verifications.repository';

/** The console's Identity verification section: each person of the case with their roles, status, outcome and checks. */
export async function listCaseVerificationViews(svc: Services, actor: Actor, input: { caseId: string }): Promise<CaseVerificationView[]> {
  const db = forTenant(svc.db, actor);
  authorize(actor, 'idv:read');
  const casePk = await findCasePk(db, input.caseId);
  if (casePk === null) throw DomainError.notFound('Case');
  return listVerificationViews(db, casePk);
}

export async function listVerificationViews(db: TenantDb, casePk: number): Promise<CaseVerificationView[]> {
  const [persons, verifications, roster] = await Promise.all([listCasePersons(db, casePk), listCaseVerifications(db, casePk), caseRoster(db, casePk)]);
  const byKey = new Map(verifications.map((v) => [v.personKey, v]));
  const rosterOf = new Map(roster.map((r) => [r.personKey, r]));
  return persons.map((p) => {
    const v = byKey.get(p.personKey);
    const r = rosterOf.get(p.personKey);
    const verified = v?.state === 'satisfied' || (v?.state === 'completed' && v.outcome === 'pass');
    return {
      personKey: p.personKey, name: p.name, email: p.email, roles: p.roles,
      status: r?.status ?? null, statusLabel: r?.statusLabel ?? 'Not started',
      outcome: v?.outcome ?? null, vendorName: v?.vendorName ?? null, checks: v?.checks ?? [],
      dispatchedBy: v?.dispatchedBy ?? null, dispatchedAt: v?.dispatchedAt?.toISOString() ?? null, completedAt: v?.completedAt?.toISOString() ?? null,
      satisfiedByDocId: v?.satisfiedByDocId ?? null, documentId: v?.documentId ?? null, documentOnFile: v?.documentOnFile ?? null,
      canResend: Boolean(p.email) && !verified,
    };
  });
}
