import type { Pool } from 'pg';

/** Payload field that marks a job whose completion the database refuses (refuseMarkedCompletions). */
export const REFUSE_COMPLETION = 'refuseCompletion';

/**
 * Makes PostgreSQL refuse to record the completion of jobs whose payload carries REFUSE_COMPLETION (a
 * trigger raises on their DELETE): a real database error on the path where graphile-worker gives its
 * runner up ("Could not completeJobs; queue is in an inconsistent state"), as a connection killed at
 * that moment does, but on cue. Returns the cleanup (drops the trigger and the marked jobs).
 */
export async function refuseMarkedCompletions(pool: Pool): Promise<() => Promise<void>> {
  await pool.query(`CREATE OR REPLACE FUNCTION public.test_refuse_completion() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'test: this job''s completion is refused'; END $$`);
  await pool.query('DROP TRIGGER IF EXISTS test_refuse_completion ON graphile_worker._private_jobs');
  await pool.query(`CREATE TRIGGER test_refuse_completion BEFORE DELETE ON graphile_worker._private_jobs
    FOR EACH ROW WHEN (OLD.payload->>'${REFUSE_COMPLETION}' IS NOT NULL) EXECUTE FUNCTION public.test_refuse_completion()`);
  return async () => {
    await pool.query('DROP TRIGGER IF EXISTS test_refuse_completion ON graphile_worker._private_jobs');
    await pool.query(`DELETE FROM graphile_worker._private_jobs WHERE payload->>'${REFUSE_COMPLETION}' IS NOT NULL`);
  };
}
