import type { ValidationDetail } from '../errors';
import { searchTerm } from '../pagination/index';
import { CASE_SOURCES, CASE_STATUSES, type CaseSource, type CaseStatus } from './case.entity';
import { RISK_BANDS, type RiskBand } from './case.wire';
import { CASE_ASSIGNEES, tagsFilterOf, type CaseAssignee } from './case-tags';
import { SLA_STATES, type SlaState } from './case-sla';

/** The filters of the console's case list that a saved view keeps (each narrows the list: AND). */
export interface CaseListFilter {
  /** One or more statuses (decisions.md values). */
  statuses?: CaseStatus[];
  /** Case search (caseSearchOf), as GET /v1/cases's. */
  search?: string;
  source?: CaseSource;
  crmSource?: string;
  /** Cases owned by this member. */
  ownerId?: string;
  /** `me`: cases owned by the caller (a member, or the member a connector acts for); `nobody`: cases without an owner. */
  assignee?: CaseAssignee;
  riskBand?: RiskBand;
  /** Cases carrying every one of these tags (any letter case). */
  tags?: string[];
  /** Open cases whose SLA (src/sla) is in one of these states now. */
  slaStates?: SlaState[];
}

/**
 * A list filter checked and normalised (statuses distinct and sorted, search trimmed, tags normalised;
 * empty parts dropped); each problem pushed to details at `filter.<field>`.
 */
export function checkCaseListFilter(input: CaseListFilter, details: ValidationDetail[]): CaseListFilter {
  const out: CaseListFilter = {};
  const statuses = input.statuses?.length ? [...new Set(input.statuses)].sort() : undefined;
  if (statuses?.some((s) => !CASE_STATUSES.includes(s))) details.push({ path: 'filter.status', message: `must be among ${CASE_STATUSES.join(', ')}` });
  else if (statuses) out.statuses = statuses;
  if (input.source !== undefined && !CASE_SOURCES.includes(input.source)) details.push({ path: 'filter.source', message: `must be one of ${CASE_SOURCES.join(', ')}` });
  else if (input.source !== undefined) out.source = input.source;
  if (input.riskBand !== undefined && !RISK_BANDS.includes(input.riskBand)) details.push({ path: 'filter.riskBand', message: `must be one of ${RISK_BANDS.join(', ')}` });
  else if (input.riskBand !== undefined) out.riskBand = input.riskBand;
  if (input.assignee !== undefined && !CASE_ASSIGNEES.includes(input.assignee)) details.push({ path: 'filter.assignee', message: `must be one of ${CASE_ASSIGNEES.join(', ')}` });
  else if (input.assignee !== undefined) out.assignee = input.assignee;
  const term = searchTerm(input.search, 'filter.search', details);
  if (term !== undefined) out.search = term;
  const tags = tagsFilterOf(input.tags, 'filter.tags', details);
  if (tags) out.tags = tags;
  const slaStates = input.slaStates?.length ? [...new Set(input.slaStates)].sort() : undefined;
  if (slaStates?.some((s) => !SLA_STATES.includes(s))) details.push({ path: 'filter.slaStates', message: `must be among ${SLA_STATES.join(', ')}` });
  else if (slaStates) out.slaStates = slaStates;
  if (input.crmSource) out.crmSource = input.crmSource;
  if (input.ownerId) out.ownerId = input.ownerId;
  return out;
}
