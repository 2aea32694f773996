import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { SERVICE_OPERATOR } from '../src/access/index';
import { rescreenWatchlistChange, scheduleMonitoring } from '../src/monitoring/index';
import { createLogger } from '../src/platform/index';
import { requestWatchlistReload, type LocalScreeningProvider } from '../src/screening/index';
import { createTenant } from '../src/tenants/index';
import { compose, prepareDatabases } from '../bin/compose';
import { benchConfig } from './support';
import { sampleQueries } from './watchlist';

const SEED_BATCH = 2000;

/**
 * `npm run bench -- monitoring-delta [cases] [changed] [entities]` (defaults 100,000, 100 and 100,000): the
 * rescreen after a watchlist change. `cases` approved cases are seeded with multi-row INSERTs (a company and
 * one person who is director and UBO, names drawn from the synthetic list as bench/monitoring.ts does) and
 * enrolled by the scheduler's tick; the list is loaded. Then an OpenSanctions delta of `changed` entities
 * (half ADD of new sanctioned persons named like monitored directors, 40% MOD of listed entities with a new
 * position, 10% DEL) is requested as `svc watchlist:reload --delta` does, and, timed, the rescreen job runs
 * (rescreenWatchlistChange: the delta applied by this process, the small index of the changed entities, every
 * monitored party compared with it, the rescreening runs of the cases concerned). Prints the time (target
 * under 60 s) with the machine's load average.
 */
export async function monitoringDeltaBench(args: string[]): Promise<void> {
  const count = Number(args[0] ?? 100_000);
  const changed = Number(args[1] ?? 100);
  const entities = Number(args[2] ?? 100_000);
  const { config, dir, watchlist, dispose } = await benchConfig('monitoring-delta', entities);
  await prepareDatabases(config, createLogger('silent'));
  const rt = await compose(config, { log: createLogger('silent') });
  const svc = rt.svc;
  try {
    const people = (await sampleQueries(watchlist, count * 2, 15)).filter((q) => q.schema === 'Person');
    const tenant = await createTenant(svc, SERVICE_OPERATOR, { name: 'Bench Monitoring Delta' });
    process.stdout.write(`monitoring-delta: seeding ${count} approved cases against ${entities} entities...\n`);
    const seedStarted = performance.now();
    const directors: string[] = [];
    for (let from = 0; from < count; from += SEED_BATCH) {
      const n = Math.min(SEED_BATCH, count - from);
      const now = new Date();
      const rows = Array.from({ length: n }, (_, k) => ({ i: from + k, person: people[(from + k) % people.length]! }));
      const caseId = (i: number) => `CS-2026-D${String(i).padStart(7, '0')}`;
      const res: { insertId: number } = await svc.db.query(
        `INSERT INTO cases (case_id, org_id, status, onboarding_stage, source, company_name, created_at, updated_at) VALUES ${rows.map(() => "(?, ?, 'approved', 'decision_made', 'manual', ?, ?, ?)").join(', ')}`,
        rows.flatMap((r) => [caseId(r.i), tenant.id, `Bench Delta Trading ${r.i} Ltd`, now, now]),
      );
      const pks: { pk: number; case_id: string }[] = await svc.db.query('SELECT pk, case_id FROM cases WHERE org_id = ? AND pk >= ? ORDER BY pk LIMIT ?', [tenant.id, res.insertId, n]);
      const pkOf = new Map(pks.map((p) => [p.case_id, Number(p.pk)]));
      await svc.db.query(
        `INSERT INTO company_profiles (case_pk, org_id, company_name, registration_number, country, international_countries, custom_answers, updated_at) VALUES ${rows.map(() => "(?, ?, ?, NULL, 'GB', '[]', '{}', ?)").join(', ')}`,
        rows.flatMap((r) => [pkOf.get(caseId(r.i)), tenant.id, `Bench Delta Trading ${r.i} Ltd`, now]),
      );
      const partyValues: unknown[] = [];
      for (const r of rows) {
        const pk = pkOf.get(caseId(r.i));
        const key = randomUUID();
        const dob = r.person.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(r.person.birthDate) ? r.person.birthDate : null;
        partyValues.push(tenant.id, pk, 'director', key, r.person.name, '["director"]', r.person.nationality, dob);
        partyValues.push(tenant.id, pk, 'ubo', key, r.person.name, '["ubo"]', r.person.nationality, dob);
        directors.push(r.person.name);
      }
      await svc.db.query(
        `INSERT INTO case_parties (org_id, case_pk, kind, position, person_key, name, roles, nationality, date_of_birth) VALUES ${rows.flatMap(() => ['(?, ?, ?, 0, ?, ?, ?, ?, ?)', '(?, ?, ?, 0, ?, ?, ?, ?, ?)']).join(', ')}`,
        partyValues,
      );
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const tick = await scheduleMonitoring(svc);
    const loaded = await (svc.screening as LocalScreeningProvider).load();

    // The delta: ADD new sanctioned persons named like monitored directors, MOD listed entities, DEL a few.
    const listed = (await readFile(watchlist, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: string; properties: Record<string, string[]> });
    const adds = Math.ceil(changed / 2);
    const mods = Math.floor(changed * 0.4);
    const dels = changed - adds - mods;
    const ops: string[] = [];
    for (let k = 0; k < adds; k++) {
      const name = directors[Math.floor((k * directors.length) / adds)]!;
      ops.push(JSON.stringify({ op: 'ADD', entity: { id: `delta-add-${k}`, schema: 'Person', caption: name, properties: { name: [name], topics: ['sanction'] }, datasets: ['bench_delta'] } }));
    }
    for (let k = 0; k < mods; k++) {
      const e = listed[(k * 997) % listed.length]!;
      ops.push(JSON.stringify({ op: 'MOD', entity: { ...e, properties: { ...e.properties, position: [...(e.properties.position ?? []), `Bench position ${k}`] } } }));
    }
    for (let k = 0; k < dels; k++) ops.push(JSON.stringify({ op: 'DEL', entity: { id: listed[(k * 7919 + 13) % listed.length]!.id } }));
    const deltaPath = join(dir, 'delta.json');
    await writeFile(deltaPath, `${ops.join('\n')}\n`);
    const requested = await requestWatchlistReload(svc, SERVICE_OPERATOR, { deltaPath });

    // --- timed: the rescreen job of the change ---
    const load0 = loadavg()[0]!;
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    const result = await rescreenWatchlistChange(svc, requested.reloadId);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const [{ events }]: { events: number }[] = await svc.db.query("SELECT COUNT(*) AS events FROM events WHERE org_id = ? AND type LIKE 'monitoring.%'", [tenant.id]);

    process.stdout.write([
      `monitoring-delta: ${count} monitored cases (seeded in ${seedSeconds.toFixed(1)} s, enrolled by the tick: ${tick.enrolled}), ${loaded.entities}-entity list (loaded in ${(loaded.loadMs / 1000).toFixed(1)} s),`
        + ` delta of ${changed} entities (${adds} ADD, ${mods} MOD, ${dels} DEL)`,
      `  rescreen: ${result.status}, ${result.subjectsCompared} parties compared with the ${result.changedEntities} changed entities, ${result.casesRescreened} cases rescreened,`
        + ` ${result.alertsGenerated} alerts, ${events} monitoring events`,
      `  time ${seconds.toFixed(1)} s (CPU of this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s); target under 60 s: ${seconds < 60 ? 'met' : 'NOT met'};`
        + ` load average ${load0.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after (2 cores, shared)`,
    ].join('\n') + '\n');
  } finally {
    await rt.close();
    await dispose();
  }
}
