import { type TenantDb } from '../db/index';
import { crossTenant } from '../db/cross-tenant';
import type { EntityManager } from 'typeorm';

/** The pipeline's steps in order; `done` once routing has run. */
export const PIPELINE_STEPS = ['screen', 'triage', 'verify', 'risk', 'review', 'route', 'done'] as const;
export type PipelineStep = (typeof PIPELINE_STEPS)[number];

/** A case's decisioning pipeline: its run, the step it is at, and who started the run. */
export interface PipelineRun {
  runNo: number;
  step: PipelineStep;
  triggeredBy: string;
}

interface PipelineRow {
  run_no: number;
  step: PipelineStep;
  triggered_by: string;
}

const toPipelineRun = (r: PipelineRow): PipelineRun => ({ runNo: r.run_no, step: r.step, triggeredBy: r.triggered_by });

export function nextStep(step: PipelineStep): PipelineStep {
  return PIPELINE_STEPS[Math.min(PIPELINE_STEPS.indexOf(step) + 1, PIPELINE_STEPS.length - 1)]!;
}

export async function findPipeline(m: TenantDb, casePk: number, lock = false): Promise<PipelineRun | null> {
  const orgId = m.orgId;
  const rows: PipelineRow[] = await m.query(
    `SELECT run_no, step, triggered_by FROM case_pipelines WHERE org_id = ? AND case_pk = ?${lock ? ' FOR UPDATE' : ''}`,
    [orgId, casePk],
  );
  return rows[0] ? toPipelineRun(rows[0]) : null;
}

/** Starts run 1, or the next run of a case whose previous run finished; an unfinished run is left alone. */
export async function upsertPipelineRun(m: TenantDb, casePk: number, triggeredBy: string, now: Date): Promise<boolean> {
  const orgId = m.orgId;
  const res: { affectedRows?: number } = await m.query(
    `INSERT INTO case_pipelines (org_id, case_pk, run_no, step, triggered_by, started_at, updated_at, finished_at)
     VALUES (?, ?, 1, 'screen', ?, ?, ?, NULL)
     ON DUPLICATE KEY UPDATE
       run_no = IF(step = 'done', run_no + 1, run_no),
       triggered_by = IF(step = 'done', VALUES(triggered_by), triggered_by),
       started_at = IF(step = 'done', VALUES(started_at), started_at),
       finished_at = IF(step = 'done', NULL, finished_at),
       updated_at = IF(step = 'done', VALUES(updated_at), updated_at),
       step = IF(step = 'done', 'screen', step)`,
    [orgId, casePk, triggeredBy, now, now],
  );
  // MySQL: 1 for an insert, 2 for an update that changed the row, 0 when nothing changed.
  return (res.affectedRows ?? 0) > 0;
}

export async function movePipeline(m: TenantDb, casePk: number, runNo: number, from: PipelineStep, to: PipelineStep, now: Date): Promise<void> {
  const orgId = m.orgId;
  await m.query(
    `UPDATE case_pipelines SET step = ?, updated_at = ?, finished_at = ? WHERE org_id = ? AND case_pk = ? AND run_no = ? AND step = ?`,
    [to, now, to === 'done' ? now : null, orgId, casePk, runNo, from],
  );
}

/** Unfinished pipelines untouched since `before` (any tenant: system work), marked touched now. */
export async function claimStalledPipelines(m: EntityManager, before: Date, now: Date, limit: number): Promise<{ orgId: string; casePk: number }[]> {
  const rows: { org_id: string; case_pk: number }[] = await crossTenant(m, 'sweep').query(
    `SELECT org_id, case_pk FROM case_pipelines WHERE step <> 'done' AND updated_at < ? ORDER BY updated_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
    [before],
  );
  if (rows.length === 0) return [];
  await m.query(
    `UPDATE case_pipelines SET updated_at = ? WHERE ${rows.map(() => '(org_id = ? AND case_pk = ?)').join(' OR ')}`,
    [now, ...rows.flatMap((r) => [r.org_id, r.case_pk])],
  );
  return rows.map((r) => ({ orgId: r.org_id, casePk: r.case_pk }));
}

/** Documents of the case that extraction has not finished with yet. */
export async function countProcessingDocuments(m: TenantDb, casePk: number): Promise<number> {
  const orgId = m.orgId;
  const rows: { n: number }[] = await m.query(
    `SELECT COUNT(*) AS n FROM documents WHERE org_id = ? AND case_pk = ? AND status = 'processing'`,
    [orgId, casePk],
  );
  return rows[0]?.n ?? 0;
}
