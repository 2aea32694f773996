import type { Services } from './services';

export interface Readiness {
  ready: boolean;
  checks: { mysql: 'ok' | 'unavailable'; queue: 'ok' | 'unavailable' };
}

/** Whether both databases answer now (GET /readyz). Never throws. */
export async function checkReadiness(svc: Services): Promise<Readiness> {
  const [mysql, queue] = await Promise.all([
    svc.db.query('SELECT 1').then(() => 'ok' as const, () => 'unavailable' as const),
    svc.jobs.ping().then(() => 'ok' as const, () => 'unavailable' as const),
  ]);
  return { ready: mysql === 'ok' && queue === 'ok', checks: { mysql, queue } };
}
