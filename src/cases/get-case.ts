import { isoFromDatetimeText } from '../db/datetime-text';
import { latestInviteStatus } from '../invites/invites';
import { authorize, can, type Actor } from '../access/index';
import type { Services } from '../services';
import { caseSummaryView } from './case-views';
import type { CaseDetailView, RiskBand } from './case.wire';
import { currentDecisionView, DECISION_COLUMNS } from './decision-views';
import { findCaseRow } from './find-case';
import { buildFullParity } from './full-parity';

/** The case row's screening counters and the band and score stored on it (when no assessment row exists). */
interface ScreeningAndRiskColumns {
  total_hits: number;
  sanctioned_hits: number;
  pep_hits: number;
  risk_band: RiskBand | null;
  risk_score: string | null;
}

/** GET /v1/cases/{caseId}: the list fields plus the current decision, risk band, screening summary and invite (CaseDetail). */
export async function getCase(svc: Services, actor: Actor, caseId: string): Promise<CaseDetailView> {
  authorize(actor, 'cases:read');
  const orgId = actor.orgId;
  const row = await findCaseRow<ScreeningAndRiskColumns>(svc, orgId, caseId, 'total_hits, sanctioned_hits, pep_hits, risk_band, risk_score');
  const pk = Number(row.pk);
  const [[d], [r], [tenant], invite] = await Promise.all([
    svc.db.query(`SELECT ${DECISION_COLUMNS} FROM decisions WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT 1`, [orgId, pk]),
    svc.db.query('SELECT composite_score, band_id FROM risk_assessments WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT 1', [orgId, pk]),
    svc.db.query('SELECT full_parity_entitled, full_parity_enabled FROM tenants WHERE id = ?', [orgId]),
    latestInviteStatus(svc, orgId, pk),
  ]);
  const view: CaseDetailView = {
    ...caseSummaryView(row),
    decision: d ? currentDecisionView(d) : null,
    riskBand: r ? r.band_id : (row.risk_band ?? null),
    riskScore: r ? Number(r.composite_score) : row.risk_score === null ? null : Number(row.risk_score),
    screeningSummary: { totalHits: Number(row.total_hits), sanctionedHits: Number(row.sanctioned_hits), pepHits: Number(row.pep_hits) },
    inviteSentAt: isoFromDatetimeText(row.invite_sent_at),
    invite,
  };
  const fullParity = Number(tenant?.full_parity_entitled) === 1 && Number(tenant?.full_parity_enabled) === 1 && can(actor, 'cases:read_full_parity');
  if (fullParity) view.fullParity = await buildFullParity(svc.db, orgId, pk);
  return view;
}
