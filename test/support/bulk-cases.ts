import type { Services } from '../../src/platform/index';

/** Inserts `n` cases for a tenant in one multi-row INSERT (fast fixtures for the lists that only read them). */
export async function bulkCases(svc: Services, orgId: string, n: number, tag: string, companyName = 'Bulk Ltd'): Promise<string[]> {
  const now = new Date();
  const ids = Array.from({ length: n }, (_, i) => `CS-1990-${tag}${String(i).padStart(5, '0')}`);
  await svc.db.query(
    `INSERT INTO cases (case_id, org_id, status, onboarding_stage, source, company_name, created_at, updated_at) VALUES ${ids.map(() => '(?, ?, \'in_progress\', \'created\', \'manual\', ?, ?, ?)').join(', ')}`,
    ids.flatMap((id) => [id, orgId, companyName, now, now]),
  );
  return ids;
}
