import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { SERVICE_OPERATOR } from '../src/access/index';
import { runDueMonitoring, scheduleMonitoring } from '../src/monitoring/index';
import { createLogger } from '../src/platform/index';
import { LocalScreeningProvider, type ScreeningSubject } from '../src/screening/index';
import { createTenant } from '../src/tenants/index';
import { compose, prepareDatabases } from '../bin/compose';
import { benchConfig } from './support';
import { sampleQueries } from './watchlist';

const SEED_BATCH = 1000;

/**
 * `npm run bench -- monitoring [cases] [entities]` (defaults 100,000 and 100,000): a scheduled monitoring run
 * over `cases` approved cases against a synthetic watchlist. The cases are seeded with multi-row INSERTs (a
 * company, one director who is also the UBO, half the names drawn from the list, and a registration number
 * the local registry mostly does not know), enrolled by the scheduler's tick, and then, timed, all due at
 * once: MONITORING_RUN_JOBS run loops (as the worker's run jobs do) claim and run them in batches of
 * MONITORING_BATCH_SIZE until none is due. Then, in the same run, the local matcher alone screens the same
 * 3 subjects per case. Prints cases per second, the total time, and the ratio (target >= 0.5; the whole run
 * within an hour).
 */
export async function monitoringBench(args: string[]): Promise<void> {
  const count = Number(args[0] ?? 100_000);
  const entities = Number(args[1] ?? 100_000);
  const { config, watchlist, dispose } = await benchConfig('monitoring', entities, {
    MONITORING_BATCH_SIZE: process.env.MONITORING_BATCH_SIZE ?? '200', MONITORING_RUN_JOBS: process.env.MONITORING_RUN_JOBS ?? '2',
  });
  await prepareDatabases(config, createLogger('silent'));
  const rt = await compose(config);
  const svc = rt.svc;
  try {
    const queries = await sampleQueries(watchlist, count * 2, 15);
    const people = queries.filter((q) => q.schema === 'Person');
    const companies = queries.filter((q) => q.schema === 'Company');
    const tenant = await createTenant(svc, SERVICE_OPERATOR, { name: 'Bench Monitoring' });

    process.stdout.write(`monitoring: seeding ${count} approved cases against ${entities} entities...\n`);
    const seedStarted = performance.now();
    const subjects: ScreeningSubject[][] = [];
    for (let from = 0; from < count; from += SEED_BATCH) {
      const n = Math.min(SEED_BATCH, count - from);
      const now = new Date();
      const rows = Array.from({ length: n }, (_, k) => {
        const i = from + k;
        const person = people[i % people.length]!;
        const companyName = companies.length ? companies[i % companies.length]!.name : `Bench Trading ${i} Ltd`;
        return { i, person, companyName };
      });
      const res: { insertId: number } = await svc.db.query(
        `INSERT INTO cases (case_id, org_id, status, onboarding_stage, source, company_name, created_at, updated_at) VALUES ${rows.map(() => "(?, ?, 'approved', 'decision_made', 'manual', ?, ?, ?)").join(', ')}`,
        rows.flatMap((r) => [`CS-2026-B${String(r.i).padStart(7, '0')}`, tenant.id, r.companyName, now, now]),
      );
      // One multi-row INSERT takes consecutive ids here (MariaDB, innodb_autoinc_lock_mode 1): read them back to be sure.
      const pks: { pk: number; case_id: string }[] = await svc.db.query('SELECT pk, case_id FROM cases WHERE org_id = ? AND pk >= ? ORDER BY pk LIMIT ?', [tenant.id, res.insertId, n]);
      const pkOf = new Map(pks.map((p) => [p.case_id, Number(p.pk)]));
      await svc.db.query(
        `INSERT INTO company_profiles (case_pk, org_id, company_name, registration_number, country, international_countries, custom_answers, updated_at) VALUES ${rows.map(() => "(?, ?, ?, ?, 'GB', '[]', '{}', ?)").join(', ')}`,
        rows.flatMap((r) => [pkOf.get(`CS-2026-B${String(r.i).padStart(7, '0')}`), tenant.id, r.companyName, `BN${r.i}`, now]),
      );
      const partyValues: unknown[] = [];
      for (const r of rows) {
        const pk = pkOf.get(`CS-2026-B${String(r.i).padStart(7, '0')}`);
        const key = randomUUID();
        const dob = r.person.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(r.person.birthDate) ? r.person.birthDate : null;
        partyValues.push(tenant.id, pk, 'director', key, r.person.name, '["director"]', r.person.nationality, dob);
        partyValues.push(tenant.id, pk, 'ubo', key, r.person.name, '["ubo"]', r.person.nationality, dob);
        subjects.push([
          { subjectId: 'company', name: r.companyName, role: 'company', schema: 'Company', birthDate: null, nationality: null, country: 'GB' },
          { subjectId: 'director:0', name: r.person.name, role: 'director', schema: 'Person', birthDate: dob, nationality: r.person.nationality?.toUpperCase() ?? null, country: null },
          { subjectId: 'ubo:0', name: r.person.name, role: 'ubo', schema: 'Person', birthDate: dob, nationality: r.person.nationality?.toUpperCase() ?? null, country: null },
        ]);
      }
      await svc.db.query(
        `INSERT INTO case_parties (org_id, case_pk, kind, position, person_key, name, roles, nationality, date_of_birth) VALUES ${rows.flatMap(() => ['(?, ?, ?, 0, ?, ?, ?, ?, ?)', '(?, ?, ?, 0, ?, ?, ?, ?, ?)']).join(', ')}`,
        partyValues,
      );
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    // Enrolled by the tick (each case at its slot of the day), then a day later every case is due at once.
    const t0 = Date.now();
    let offset = 0;
    svc.clock = { now: () => new Date(t0 + offset) };
    const enrolStarted = performance.now();
    const tick = await scheduleMonitoring(svc);
    const enrolSeconds = (performance.now() - enrolStarted) / 1000;
    offset = 86_400_000 + 1000;
    // The matcher loads the list before the timed part (a worker warms up before its first job).
    await (svc.screening as LocalScreeningProvider).load();

    // --- timed: the scheduled run ---
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    const loops = await Promise.all(Array.from({ length: config.monitoringRunJobs }, () => runDueMonitoring(svc)));
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const ran = loops.reduce((n, r) => n + r.ran, 0);
    const [{ runs }]: { runs: number }[] = await svc.db.query('SELECT COUNT(*) AS runs FROM monitoring_runs WHERE org_id = ?', [tenant.id]);
    const [{ alerts }]: { alerts: number }[] = await svc.db.query('SELECT COUNT(*) AS alerts FROM monitoring_alerts WHERE org_id = ?', [tenant.id]);
    const [{ events }]: { events: number }[] = await svc.db.query("SELECT COUNT(*) AS events FROM events WHERE org_id = ? AND type LIKE 'monitoring.%'", [tenant.id]);
    const monitoringRate = ran / seconds;

    // --- timed again a day later: the steady state (the same facts, no new alerts) ---
    offset += 86_400_000;
    const s0 = performance.now();
    const again = (await Promise.all(Array.from({ length: config.monitoringRunJobs }, () => runDueMonitoring(svc)))).reduce((n, r) => n + r.ran, 0);
    const steadySeconds = (performance.now() - s0) / 1000;
    const steadyRate = again / steadySeconds;

    // --- the baseline in the same run: the matcher alone over the same names ---
    const matcher = new LocalScreeningProvider({ path: watchlist, threshold: config.screeningMatchThreshold });
    await matcher.load();
    const m0 = performance.now();
    for (const s of subjects.flat()) await matcher.screen(s);
    const matcherSeconds = (performance.now() - m0) / 1000;
    const matcherRate = count / matcherSeconds;
    const ratio = monitoringRate / matcherRate;
    const steadyRatio = steadyRate / matcherRate;

    process.stdout.write([
      `monitoring: ${count} approved cases (seeded in ${seedSeconds.toFixed(1)} s, enrolled by the tick in ${enrolSeconds.toFixed(1)} s: ${tick.enrolled}), ${entities}-entity watchlist,`
        + ` MONITORING_RUN_JOBS ${config.monitoringRunJobs}, MONITORING_BATCH_SIZE ${config.monitoringBatchSize}; load average ${loadavg()[0]!.toFixed(1)}`,
      `  first scheduled run (every listing new: alerts): ${ran} cases in ${seconds.toFixed(1)} s = ${monitoringRate.toFixed(1)} cases/s (CPU of this process ${((cpu.user + cpu.system) / 1000 / ran).toFixed(2)} ms per case)`,
      `  ${runs} runs, ${alerts} alerts, ${events} monitoring events`,
      `  matcher alone, same ${subjects.flat().length} names (3 per case): ${matcherRate.toFixed(1)} cases/s (${matcherSeconds.toFixed(1)} s)`,
      `  next day's run (same facts, no alerts): ${again} cases in ${steadySeconds.toFixed(1)} s = ${steadyRate.toFixed(1)} cases/s`,
      `  ratio monitoring / matcher alone: first run ${ratio.toFixed(3)}, next day ${steadyRatio.toFixed(3)} (target >= 0.5: ${Math.min(ratio, steadyRatio) >= 0.5 ? 'met' : ratio >= 0.5 || steadyRatio >= 0.5 ? 'met by one run' : 'NOT met'});`
        + ` whole run within an hour: ${seconds < 3600 ? 'met' : 'NOT met'} (projected for 100,000 cases: ${(100_000 / monitoringRate / 60).toFixed(1)} min)`,
    ].join('\n') + '\n');
  } finally {
    await rt.close();
    await dispose();
  }
}
