import { modeCondition, type TenantDb } from '../db/index';
import { isCaseId } from '../cases/index';
import { DEFAULT_DECISION_POLICY, DEFAULT_EDD_ITEMS, type DecisionPolicyDefinition, type EddItemsByBand, type PolicyRule, type RoutingOutcome } from './decision-policy';
import type { PolicyFacts } from './policy-facts';

/**
 * The SQL of decision policies and routing evaluations. Every function takes a tenant-bound handle (forTenant over a manager or the pool).
 */

/** A stored version of a tenant's decision policy. */
export interface DecisionPolicy {
  id: number;
  version: number;
  definition: DecisionPolicyDefinition;
  createdBy: string;
  createdAt: Date;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** JSON columns come back as text (MariaDB's JSON is LONGTEXT) or parsed. */
interface DecisionPolicyRow {
  id: number; version: number; name: string; rules: PolicyRule[] | string; default_outcome: RoutingOutcome;
  minimum_age: number; individual_entity_types: string[] | string; edd_items: EddItemsByBand | string | null; created_by: string; created_at: Date;
}
const toDecisionPolicy = (r: DecisionPolicyRow): DecisionPolicy => ({
  id: r.id,
  version: r.version,
  definition: {
    name: r.name, rules: json(r.rules), defaultOutcome: r.default_outcome, minimumAge: r.minimum_age, individualEntityTypes: json(r.individual_entity_types),
    eddItems: r.edd_items === null ? DEFAULT_EDD_ITEMS : json(r.edd_items),
  },
  createdBy: r.created_by,
  createdAt: r.created_at,
});

export async function findActiveDecisionPolicy(db: TenantDb): Promise<DecisionPolicy | null> {
  const orgId = db.orgId;
  const [row]: DecisionPolicyRow[] = await db.query(
    `SELECT id, version, name, rules, default_outcome, minimum_age, individual_entity_types, edd_items, created_by, created_at
     FROM decision_policies WHERE org_id = ? ORDER BY version DESC LIMIT 1`,
    [orgId],
  );
  return row ? toDecisionPolicy(row) : null;
}

async function insertPolicy(db: TenantDb, version: number, p: DecisionPolicyDefinition, createdBy: string, now: Date, ignore: boolean): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    `INSERT ${ignore ? 'IGNORE ' : ''}INTO decision_policies (org_id, name, version, rules, default_outcome, minimum_age, individual_entity_types, edd_items, created_by, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [orgId, p.name, version, JSON.stringify(p.rules), p.defaultOutcome, p.minimumAge, JSON.stringify(p.individualEntityTypes), JSON.stringify(p.eddItems), createdBy, now],
  );
}

/**
 * The tenant's active policy; on first use the default policy is stored as its version 1 (so a
 * policyId always names a real row). INSERT IGNORE on (org_id, version): two first uses store one.
 */
export async function activeDecisionPolicy(db: TenantDb, now: Date): Promise<DecisionPolicy> {
  const found = await findActiveDecisionPolicy(db);
  if (found) return found;
  await insertPolicy(db, 1, DEFAULT_DECISION_POLICY, 'system', now, true);
  return (await findActiveDecisionPolicy(db))!;
}

/** Stores a new version (the caller holds the tenant row lock, so versions do not race). Returns it. */
export async function insertDecisionPolicyVersion(db: TenantDb, p: DecisionPolicyDefinition, createdBy: string, now: Date): Promise<DecisionPolicy> {
  const orgId = db.orgId;
  const [{ v }]: { v: number | null }[] = await db.query('SELECT MAX(version) AS v FROM decision_policies WHERE org_id = ?', [orgId]);
  await insertPolicy(db, (v ?? 0) + 1, p, createdBy, now, false);
  return (await findActiveDecisionPolicy(db))!;
}

/** The latest AI case review's recommendation of a case, or null (none yet, or no AI review table in this schema). */
export async function latestAiRecommendation(db: TenantDb, casePk: number): Promise<string | null> {
  const orgId = db.orgId;
  try {
    const [row]: { recommendation: string }[] = await db.query(
      'SELECT recommendation FROM ai_reviews WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT 1', [orgId, casePk],
    );
    return row?.recommendation ?? null;
  } catch (err) {
    // ai_reviews comes with the AI case review (issue 15 step 4); until it is migrated there is no recommendation.
    if ((err as { code?: string }).code === 'ER_NO_SUCH_TABLE' || (err as { driverError?: { code?: string } }).driverError?.code === 'ER_NO_SUCH_TABLE') return null;
    throw err;
  }
}

/** Locks a case row of the tenant until the caller's transaction ends; or null when the tenant has no such case. */
export async function lockRoutedCase(db: TenantDb, casePk: number): Promise<{ status: string; companyName: string | null } | null> {
  const orgId = db.orgId;
  const [row]: { status: string; company_name: string | null }[] = await db.query(
    'SELECT status, company_name FROM cases WHERE org_id = ? AND pk = ? FOR UPDATE', [orgId, casePk],
  );
  return row ? { status: row.status, companyName: row.company_name } : null;
}

/** The tenant's case pk of a public case id, or null. */
export async function findCasePk(db: TenantDb, caseId: string): Promise<number | null> {
  const orgId = db.orgId;
  if (!isCaseId(caseId)) return null;
  const mode = modeCondition(db);
  const [row]: { pk: number }[] = await db.query(`SELECT pk FROM cases WHERE org_id = ? AND case_id = ?${mode.sql}`, [orgId, caseId, ...mode.params]);
  return row ? row.pk : null;
}

/** The tenant's newest open cases (not approved or declined), newest first, at most `limit`: what a policy preview evaluates. */
export async function listOpenCasesForPreview(db: TenantDb, limit: number): Promise<{ casePk: number; caseId: string; companyName: string | null }[]> {
  const orgId = db.orgId;
  const rows: { pk: number; case_id: string; company_name: string | null }[] = await db.query(
    `SELECT pk, case_id, company_name FROM cases WHERE org_id = ? AND status NOT IN ('approved', 'declined') ORDER BY pk DESC LIMIT ${Math.floor(limit)}`,
    [orgId],
  );
  return rows.map((r) => ({ casePk: Number(r.pk), caseId: r.case_id, companyName: r.company_name }));
}

export async function insertRoutingEvaluation(
  db: TenantDb, casePk: number,
  e: {
    policyId: number; policyName: string; policyVersion: number; matchedRuleIndex: number | null; gate: string | null; outcome: RoutingOutcome;
    decided: boolean; facts: PolicyFacts; evaluatedAt: Date;
  },
): Promise<number> {
  const orgId = db.orgId;
  const res = await db.query(
    `INSERT INTO routing_evaluations (org_id, case_pk, policy_id, policy_name, policy_version, matched_rule_index, gate, outcome, decided, facts, evaluated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [orgId, casePk, e.policyId, e.policyName, e.policyVersion, e.matchedRuleIndex, e.gate, e.outcome, e.decided ? 1 : 0, JSON.stringify(e.facts), e.evaluatedAt],
  );
  return (res as { insertId: number }).insertId;
}

/** The latest routing evaluation of a case (by its public id). */
export interface Routing {
  caseId: string;
  id: number;
  policyId: number;
  policyName: string;
  policyVersion: number;
  matchedRuleIndex: number | null;
  gate: string | null;
  outcome: RoutingOutcome;
  decided: boolean;
  facts: PolicyFacts;
  evaluatedAt: Date;
}

interface RoutingRow {
  case_id: string;
  id: number;
  policy_id: number;
  policy_name: string;
  policy_version: number;
  matched_rule_index: number | null;
  gate: string | null;
  outcome: RoutingOutcome;
  decided: number;
  facts: PolicyFacts | string;
  evaluated_at: Date;
}

const toRouting = (r: RoutingRow): Routing => ({
  caseId: r.case_id, id: r.id, policyId: r.policy_id, policyName: r.policy_name, policyVersion: r.policy_version, matchedRuleIndex: r.matched_rule_index,
  gate: r.gate, outcome: r.outcome, decided: r.decided === 1, facts: json(r.facts), evaluatedAt: r.evaluated_at,
});

/** The latest routing evaluation of each of the tenant's cases named; cases never routed are absent. */
export async function latestRoutingsOf(db: TenantDb, caseIds: string[]): Promise<Routing[]> {
  const orgId = db.orgId;
  const ids = caseIds.filter(isCaseId);
  if (!ids.length) return [];
  const rows: RoutingRow[] = await db.query(
    `SELECT c.case_id, e.id, e.policy_id, e.policy_name, e.policy_version, e.matched_rule_index, e.gate, e.outcome, e.decided, e.facts, e.evaluated_at
     FROM cases c FORCE INDEX (uq_cases_org_case_id)
     JOIN routing_evaluations e ON e.id = (SELECT MAX(e2.id) FROM routing_evaluations e2 WHERE e2.org_id = c.org_id AND e2.case_pk = c.pk)
     WHERE c.org_id = ? AND c.case_id IN (?)`,
    [orgId, ids],
  );
  return rows.map(toRouting);
}

/** One stored version of the tenant's decision policy (every version is kept), or null. */
export async function findDecisionPolicyVersion(db: TenantDb, version: number): Promise<DecisionPolicy | null> {
  const orgId = db.orgId;
  const [row]: DecisionPolicyRow[] = await db.query(
    `SELECT id, version, name, rules, default_outcome, minimum_age, individual_entity_types, edd_items, created_by, created_at
     FROM decision_policies WHERE org_id = ? AND version = ?`,
    [orgId, version],
  );
  return row ? toDecisionPolicy(row) : null;
}
