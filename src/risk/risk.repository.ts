import { type TenantDb } from '../db/index';
import { isCaseId } from '../cases/index';
import { DEFAULT_RISK_MODEL, type Band, type RiskModelDefinition } from './risk-model';
import type { RiskFactorResult } from './score-risk';

/**
 * The SQL of risk models and assessments. Every function takes a tenant-bound handle (forTenant over a manager or the pool).
 */

/** A stored version of a tenant's risk model. */
export interface RiskModel {
  id: number;
  version: number;
  definition: RiskModelDefinition;
  createdBy: string;
  createdAt: Date;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** definition is JSON text (MariaDB's JSON is LONGTEXT) or parsed. */
interface RiskModelRow { id: number; version: number; definition: RiskModelDefinition | string; created_by: string; created_at: Date }
const toRiskModel = (r: RiskModelRow): RiskModel => ({
  id: r.id, version: r.version, definition: json(r.definition), createdBy: r.created_by, createdAt: r.created_at,
});

/** Locks a case row of the tenant until the caller's transaction ends; its status, or null when the tenant has no such case. */
export async function lockCaseRow(db: TenantDb, casePk: number): Promise<{ status: string; caseId: string; companyName: string | null } | null> {
  const orgId = db.orgId;
  const [row]: { status: string; case_id: string; company_name: string | null }[] = await db.query(
    'SELECT status, case_id, company_name FROM cases WHERE org_id = ? AND pk = ? FOR UPDATE', [orgId, casePk],
  );
  return row ? { status: row.status, caseId: row.case_id, companyName: row.company_name } : null;
}

/** The tenant's newest risk model version, or null when it has none yet. */
export async function findActiveRiskModel(db: TenantDb): Promise<RiskModel | null> {
  const orgId = db.orgId;
  const [row]: RiskModelRow[] = await db.query(
    'SELECT id, version, definition, created_by, created_at FROM risk_models WHERE org_id = ? ORDER BY version DESC LIMIT 1', [orgId],
  );
  return row ? toRiskModel(row) : null;
}

/**
 * The tenant's active risk model; on first use the default model is stored as its version 1 (so a
 * configId always names a real row). INSERT IGNORE on (org_id, version): two first uses racing store one.
 */
export async function activeRiskModel(db: TenantDb, now: Date): Promise<RiskModel> {
  const orgId = db.orgId;
  const found = await findActiveRiskModel(db);
  if (found) return found;
  await db.query(
    `INSERT IGNORE INTO risk_models (org_id, version, definition, created_by, created_at) VALUES (?, 1, ?, 'system', ?)`,
    [orgId, JSON.stringify(DEFAULT_RISK_MODEL), now],
  );
  return (await findActiveRiskModel(db))!;
}

/** Stores a new version (the caller holds the tenant row lock, so versions do not race). Returns it. */
export async function insertRiskModelVersion(db: TenantDb, definition: RiskModelDefinition, createdBy: string, now: Date): Promise<RiskModel> {
  const orgId = db.orgId;
  const [{ v }]: { v: number | null }[] = await db.query('SELECT MAX(version) AS v FROM risk_models WHERE org_id = ?', [orgId]);
  await db.query(
    'INSERT INTO risk_models (org_id, version, definition, created_by, created_at) VALUES (?, ?, ?, ?, ?)',
    [orgId, (v ?? 0) + 1, JSON.stringify(definition), createdBy, now],
  );
  return (await findActiveRiskModel(db))!;
}

/** Inserts an assessment with its factor breakdown. Returns its id (the event's assessmentId). */
export async function insertRiskAssessment(
  db: TenantDb, casePk: number,
  a: { configId: number; compositeScore: number; band: Band; bandLabel: string; factors: RiskFactorResult[]; assessedBy: string; assessedAt: Date },
): Promise<number> {
  const orgId = db.orgId;
  const res = await db.query(
    `INSERT INTO risk_assessments (org_id, case_pk, config_id, composite_score, band_id, band_label, factors, assessed_by, assessed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [orgId, casePk, a.configId, a.compositeScore, a.band, a.bandLabel, JSON.stringify(a.factors), a.assessedBy, a.assessedAt],
  );
  return (res as { insertId: number }).insertId;
}

/** The latest risk assessment of a case (by its public id). */
export interface RiskAssessment {
  caseId: string;
  id: number;
  configId: number;
  compositeScore: number;
  band: Band;
  bandLabel: string;
  factors: RiskFactorResult[];
  assessedBy: string;
  assessedAt: Date;
}

interface RiskAssessmentRow {
  case_id: string;
  id: number;
  config_id: number;
  /** DECIMAL(5,2): the driver gives text. */
  composite_score: string;
  band_id: Band;
  band_label: string;
  factors: RiskFactorResult[] | string | null;
  assessed_by: string;
  assessed_at: Date;
}

const toRiskAssessment = (r: RiskAssessmentRow): RiskAssessment => ({
  caseId: r.case_id, id: r.id, configId: r.config_id, compositeScore: Number(r.composite_score), band: r.band_id, bandLabel: r.band_label,
  factors: r.factors === null ? [] : json(r.factors), assessedBy: r.assessed_by, assessedAt: r.assessed_at,
});

/** The latest assessment of each of the tenant's cases named; cases without one are absent. */
export async function latestRiskAssessmentsOf(db: TenantDb, caseIds: string[]): Promise<RiskAssessment[]> {
  const orgId = db.orgId;
  const ids = caseIds.filter(isCaseId);
  if (!ids.length) return [];
  const rows: RiskAssessmentRow[] = await db.query(
    `SELECT c.case_id, r.id, r.config_id, r.composite_score, r.band_id, r.band_label, r.factors, r.assessed_by, r.assessed_at
     FROM cases c FORCE INDEX (uq_cases_org_case_id)
     JOIN risk_assessments r ON r.id = (SELECT MAX(r2.id) FROM risk_assessments r2 WHERE r2.org_id = c.org_id AND r2.case_pk = c.pk)
     WHERE c.org_id = ? AND c.case_id IN (?)`,
    [orgId, ids],
  );
  return rows.map(toRiskAssessment);
}

/** A case's latest assessment with the version of the model that made it (a decision's provenance). */
export interface RiskProvenance {
  assessmentId: number;
  modelId: number;
  /** Null when the model row is gone (never, today). */
  modelVersion: number | null;
  compositeScore: number;
  band: Band;
  bandLabel: string;
  factors: RiskFactorResult[];
  assessedBy: string;
  assessedAt: Date;
}

/** The latest risk assessment of a case with its model's version, or null before the first assessment. */
export async function findRiskProvenance(db: TenantDb, casePk: number): Promise<RiskProvenance | null> {
  const orgId = db.orgId;
  const [row]: {
    id: number | string; config_id: number; version: number | null; composite_score: string | number; band_id: Band; band_label: string;
    factors: RiskFactorResult[] | string | null; assessed_by: string; assessed_at: Date;
  }[] = await db.query(
    `SELECT a.id, a.config_id, m.version, a.composite_score, a.band_id, a.band_label, a.factors, a.assessed_by, a.assessed_at
     FROM risk_assessments a LEFT JOIN risk_models m ON m.org_id = a.org_id AND m.id = a.config_id
     WHERE a.org_id = ? AND a.case_pk = ? ORDER BY a.id DESC LIMIT 1`,
    [orgId, casePk],
  );
  if (!row) return null;
  return {
    assessmentId: Number(row.id), modelId: row.config_id, modelVersion: row.version, compositeScore: Number(row.composite_score), band: row.band_id,
    bandLabel: row.band_label, factors: row.factors === null ? [] : json(row.factors), assessedBy: row.assessed_by, assessedAt: row.assessed_at,
  };
}
