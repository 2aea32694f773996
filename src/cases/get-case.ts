import { isoFromDatetimeText } from '../db/datetime-text';
import { latestInviteStatus, type InviteStatusView } from '../invites/invites';
import { requireScope, type Principal } from '../oauth/principal';
import type { Services } from '../services';
import { caseSummaryView, type CaseSummaryView } from './case-views';
import { findCaseRow } from './find-case';
import { buildFullParity, type FullParity } from './full-parity';

/** The current decision of a case (its latest). */
export interface CurrentDecisionView {
  outcome: string;
  notes: string;
  analystEmail: string;
  decidedAt: string;
  auto: boolean;
  reason: string | null;
}

/** GET /v1/cases/{caseId}: the list fields plus the current decision, risk band, screening summary and invite. */
export interface CaseDetailView extends CaseSummaryView {
  decision: CurrentDecisionView | null;
  riskBand: string | null;
  riskScore: number | null;
  screeningSummary: { totalHits: number; sanctionedHits: number; pepHits: number };
  /** When the invite email was accepted for sending (with the case); null when sendInvite was false. */
  inviteSentAt: string | null;
  invite: InviteStatusView | null;
  /** Only when the tenant has full-parity egress entitled and enabled and the token has read:full_case. */
  fullParity?: FullParity;
}

export async function getCase(svc: Services, principal: Principal, caseId: string): Promise<CaseDetailView> {
  requireScope(principal, 'read:cases');
  const orgId = principal.orgId;
  const row = await findCaseRow(svc, orgId, caseId);
  const pk = Number(row.pk);
  const [[d], [r], [counts], [tenant], invite] = await Promise.all([
    svc.db.query('SELECT outcome, notes, analyst_email, auto, reason, decided_at FROM decisions WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT 1', [orgId, pk]),
    svc.db.query('SELECT composite_score, band_id FROM risk_assessments WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT 1', [orgId, pk]),
    svc.db.query('SELECT total_hits, sanctioned_hits, pep_hits, risk_band, risk_score FROM cases WHERE org_id = ? AND pk = ?', [orgId, pk]),
    svc.db.query('SELECT full_parity_entitled, full_parity_enabled FROM tenants WHERE id = ?', [orgId]),
    latestInviteStatus(svc, orgId, pk),
  ]);
  const view: CaseDetailView = {
    ...caseSummaryView(row),
    decision: d
      ? { outcome: d.outcome, notes: d.notes, analystEmail: d.analyst_email, decidedAt: (d.decided_at as Date).toISOString(), auto: Number(d.auto) === 1, reason: d.reason }
      : null,
    riskBand: r ? r.band_id : (counts.risk_band ?? null),
    riskScore: r ? Number(r.composite_score) : counts.risk_score === null ? null : Number(counts.risk_score),
    screeningSummary: { totalHits: Number(counts.total_hits), sanctionedHits: Number(counts.sanctioned_hits), pepHits: Number(counts.pep_hits) },
    inviteSentAt: row.invite_sent_at === null ? null : isoFromDatetimeText(row.invite_sent_at),
    invite,
  };
  const fullParity = Number(tenant?.full_parity_entitled) === 1 && Number(tenant?.full_parity_enabled) === 1 && principal.scopes.includes('read:full_case');
  if (fullParity) view.fullParity = await buildFullParity(svc.db, orgId, pk);
  return view;
}
