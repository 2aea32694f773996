import { type TenantDb } from '../db/index';
import { findApplicationProfile, findCaseRowByPk, listApplicationParties } from '../cases/index';
import { countryCodeOf } from '../countries';

/**
 * What the risk engine and the decision policy know of a case, read from its rows: the submitted
 * application (company profile, directors and UBOs), the screening hits with their triage and human
 * disposition, the monitoring facts an analyst confirmed (a true_match verdict on a sanctions or PEP
 * review, src/monitoring-reviews), and the documents' extraction results. Reads only; any manager or the pool.
 */

/**
 * A hit's outcome: the analyst's disposition, else the AI triage's, else not triaged yet. An AI triage
 * never clears a sanctions or PEP hit on its own: its `false_positive` there counts as `escalate` until a
 * member dispositions the hit (a customer could otherwise talk a triager into lowering the review level).
 */
export type HitOutcome = 'true_match' | 'escalate' | 'false_positive' | 'untriaged';

export interface CaseFactsHit {
  hitId: string;
  isPep: boolean;
  isSanctioned: boolean;
  /** `am:<id>` hits are adverse-media articles. */
  isAdverseMedia: boolean;
  outcome: HitOutcome;
}

export interface CaseFactsParty {
  kind: 'director' | 'ubo';
  name: string;
  email: string | null;
  ownershipPercent: number | null;
  /** As stored; ISO codes when the portal wrote them. */
  nationality: string | null;
  countryOfResidence: string | null;
  idCountry: string | null;
  dateOfBirth: string | null;
}

export interface CaseFacts {
  casePk: number;
  caseId: string;
  status: string;
  companyName: string | null;
  customerEmail: string | null;
  /** ISO code of the company's country when recognised, else as stored, else null. */
  country: string | null;
  entityType: string | null;
  industrySector: string | null;
  businessActivity: string | null;
  transactsInternationally: boolean;
  internationalCountries: string[];
  hasUbos: boolean | null;
  parties: CaseFactsParty[];
  hits: CaseFactsHit[];
  documents: { status: string; confidence: 'High' | 'Medium' | 'Low' | null }[];
  /** The stored risk band and score (null before the first assessment). */
  riskBand: string | null;
  riskScore: number | null;
}


export function hitOutcome(h: { disposition: string | null; triage_disposition: string | null; is_pep: number | boolean; is_sanctioned: number | boolean }): HitOutcome {
  const d = h.disposition ?? h.triage_disposition;
  if (d === 'false_positive' && h.disposition === null && (Number(h.is_sanctioned) === 1 || Number(h.is_pep) === 1)) return 'escalate';
  return d === 'true_match' || d === 'escalate' || d === 'false_positive' ? d : 'untriaged';
}

/** The facts of one case of the tenant, or null when the tenant has no such case. */
export async function loadCaseFacts(db: TenantDb, casePk: number): Promise<CaseFacts | null> {
  const orgId = db.orgId;
  const c = await findCaseRowByPk(db, casePk);
  if (!c) return null;
  const p = await findApplicationProfile(db, casePk);
  const parties = await listApplicationParties(db, casePk);
  const hits: { hit_id: string; is_pep: number; is_sanctioned: number; disposition: string | null; triage_disposition: string | null }[] = await db.query(
    'SELECT hit_id, is_pep, is_sanctioned, disposition, triage_disposition FROM screening_hits WHERE org_id = ? AND case_pk = ? ORDER BY id', [orgId, casePk],
  );
  // A confirmed monitoring fact counts once (its latest review), as a true-match hit `mr:<factKey>`.
  const confirmed: { fact_key: string; risk_input: string }[] = await db.query(
    `SELECT r.fact_key, r.risk_input FROM monitoring_reviews r
      WHERE r.org_id = ? AND r.case_pk = ? AND r.risk_input IS NOT NULL
        AND r.id = (SELECT MAX(l.id) FROM monitoring_reviews l WHERE l.org_id = r.org_id AND l.case_pk = r.case_pk AND l.fact_key = r.fact_key)
      ORDER BY r.id`,
    [orgId, casePk],
  );
  const documents: { status: string; confidence: 'High' | 'Medium' | 'Low' | null }[] = await db.query(
    'SELECT status, confidence FROM documents WHERE org_id = ? AND case_pk = ? ORDER BY id', [orgId, casePk],
  );
  return {
    casePk: c.pk,
    caseId: c.caseId,
    status: c.status,
    companyName: p?.companyName ?? c.companyName,
    customerEmail: c.customerEmail,
    country: countryCodeOf(p?.country ?? c.country),
    entityType: p?.entityType ?? null,
    industrySector: p?.industrySector ?? null,
    businessActivity: p?.businessActivity ?? null,
    transactsInternationally: p?.transactsInternationally ?? false,
    internationalCountries: p?.internationalCountries ?? [],
    hasUbos: p?.hasUbos ?? null,
    parties: parties.map((x) => ({
      kind: x.kind, name: x.name, email: x.email, ownershipPercent: x.ownershipPercent,
      nationality: x.nationality, countryOfResidence: x.countryOfResidence, idCountry: x.idCountry, dateOfBirth: x.dateOfBirth,
    })),
    hits: hits.map((h) => ({
      hitId: h.hit_id, isPep: Number(h.is_pep) === 1, isSanctioned: Number(h.is_sanctioned) === 1, isAdverseMedia: h.hit_id.startsWith('am:'),
      outcome: hitOutcome(h),
    })).concat(confirmed.map((m) => ({
      hitId: `mr:${m.fact_key}`, isPep: m.risk_input === 'pep', isSanctioned: m.risk_input === 'sanctioned', isAdverseMedia: false, outcome: 'true_match' as const,
    }))),
    documents,
    riskBand: c.riskBand,
    riskScore: c.riskScore === null ? null : Number(c.riskScore),
  };
}
