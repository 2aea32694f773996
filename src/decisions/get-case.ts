import { forTenant } from '../db/index';
import { isoFromDatetimeText } from '../db/datetime-text';
import { latestInviteStatus } from '../invites/index';
import { authorize, can, type Actor } from '../access/index';
import type { Services } from '../services';
import { caseSummaryView } from '../cases/index';
import type { CaseDetailView } from './case-file.wire';
import { findCaseDetailRow, findLatestRiskAssessment, readFullParitySwitches } from '../cases/index';
import { currentDecisionView } from '../cases/index';
import { findLatestDecision } from '../cases/index';
import { pullFullParity } from './full-parity';

/** GET /v1/cases/{caseId}: the list fields plus the current decision, risk band, screening summary and invite (CaseDetail). */
export async function getCase(svc: Services, actor: Actor, caseId: string): Promise<CaseDetailView> {
  authorize(actor, 'cases:read');
  const orgId = actor.orgId;
  const db = forTenant(svc.db, actor);
  const row = await findCaseDetailRow(db, caseId);
  const pk = row.pk;
  const [d, r, tenant, invite] = await Promise.all([
    findLatestDecision(db, pk),
    findLatestRiskAssessment(db, pk),
    readFullParitySwitches(db),
    latestInviteStatus(svc, orgId, pk),
  ]);
  const view: CaseDetailView = {
    ...caseSummaryView(row),
    decision: d ? currentDecisionView(d) : null,
    riskBand: r ? r.band : (row.riskBand ?? null),
    riskScore: r ? r.compositeScore : row.riskScore === null ? null : Number(row.riskScore),
    screeningSummary: { totalHits: row.totalHits, sanctionedHits: row.sanctionedHits, pepHits: row.pepHits },
    inviteSentAt: isoFromDatetimeText(row.inviteSentAt),
    invite,
    purgedAt: isoFromDatetimeText(row.purgedAt),
  };
  const fullParity = tenant.entitled && tenant.enabled && can(actor, 'cases:read_full_parity');
  if (fullParity) view.fullParity = await pullFullParity(db, pk);
  return view;
}
