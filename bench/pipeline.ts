import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { operatorActor, SERVICE_OPERATOR, type CustomerActor } from '../src/access/index';
import { createCase } from '../src/onboarding/index';
import { dropMysqlDatabase } from '../src/db/index';
import { uploadDocuments } from '../src/documents/index';
import { createLogger, loadConfig } from '../src/platform/index';
import { saveApplication, submitApplication } from '../src/portal/index';
import { LocalScreeningProvider, type ScreeningSubject } from '../src/screening/index';
import { createTenant } from '../src/tenants/index';
import { compose, prepareDatabases } from '../bin/compose';
import { CERTIFICATE_LINES, passportPdf, proofOfAddressLines, textPdf } from '../test/documents/support';
import { dropPgDatabase } from '../worker/pg-database';
import { startWorker } from '../worker/runner';
import { generateWatchlist, sampleQueries } from './watchlist';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

async function* bytesOf(bytes: Buffer) {
  yield bytes;
}

/**
 * `npm run bench -- pipeline [cases] [entities]`: the decisioning pipeline under load. Writes a synthetic
 * FtM watchlist (default 100,000 entities), opens `cases` cases (default 1,000) with an application and three
 * PDF documents each (certificate, passport, proof of address; their extraction jobs queue up), then, timed:
 * starts a worker (WORKER_CONCURRENCY, default 16), submits every case, and waits until every pipeline
 * has routed its case (extraction, screening, triage, risk, AI review, policy). Prints cases per second and
 * p50/p99 submission-to-routing latency, beside the matcher alone screening the same subjects in the same
 * run, and the ratio (target: the pipeline at least 0.5 of the matcher-alone case rate).
 */
export async function pipelineBench(args: string[]): Promise<void> {
  const count = Number(args[0] ?? 1000);
  const entities = Number(args[1] ?? 100_000);
  const id = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const dir = await mkdtemp(join(tmpdir(), 'bench-pipeline-'));
  const watchlist = join(dir, 'watchlist.ftm.jsonl');
  await generateWatchlist(watchlist, entities, 15);
  const config = loadConfig({
    NODE_ENV: 'test', LOG_LEVEL: 'silent', PATH: process.env.PATH,
    MYSQL_URL: `mysql://root@127.0.0.1:3306/svc_bench_${id}`, PG_URL: `postgres://postgres@127.0.0.1:5432/svc_bench_${id}`,
    SECRETS_KEY: `k1:${randomBytes(32).toString('hex')}`, DATA_DIR: join(dir, 'data'), WATCHLIST_PATH: watchlist,
    WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY ?? '16', EXTRACTION_OCR: 'false',
  });
  await prepareDatabases(config, createLogger('silent'));
  const rt = await compose(config);
  const svc = rt.svc;
  try {
    // The subjects: half of them listed names (reordered, transliterated, misspelt), half unlisted.
    const queries = await sampleQueries(watchlist, count * 2, 15);
    const people = queries.filter((q) => q.schema === 'Person');
    const companies = queries.filter((q) => q.schema === 'Company');
    const tenant = await createTenant(svc, SERVICE_OPERATOR, { name: 'Bench Pipeline' });
    const files = [
      { filename: 'certificate.pdf', bytes: await textPdf(CERTIFICATE_LINES) },
      { filename: 'passport.pdf', bytes: await passportPdf() },
      { filename: 'proof-of-address.pdf', bytes: await textPdf(proofOfAddressLines(new Date().toISOString().slice(0, 10))) },
    ];

    process.stdout.write(`pipeline: setting up ${count} cases with 3 documents each against ${entities} entities...\n`);
    const actors: CustomerActor[] = [];
    const subjects: ScreeningSubject[][] = [];
    for (let i = 0; i < count; i++) {
      const person = people[i % people.length]!;
      const companyName = companies.length ? companies[i % companies.length]!.name : `Bench Trading ${i} Ltd`;
      const email = `bench+${i}@pipeline.example`;
      const created = await createCase(svc, operatorActor(tenant.id), {
        body: { customerEmail: email, companyName, sendInvite: false },
        render: (o) => ({ status: 201, body: o.kind === 'created' ? o.case : {} }),
      });
      const caseId = (created.response.body as { caseId: string }).caseId;
      const [row]: { pk: number }[] = await svc.db.query('SELECT pk FROM cases WHERE org_id = ? AND case_id = ?', [tenant.id, caseId]);
      const actor: CustomerActor = { kind: 'customer', orgId: tenant.id, casePk: Number(row!.pk), caseId, email };
      const director = { name: person.name, email: `director+${i}@pipeline.example`, roles: ['director'], nationality: 'GB', dateOfBirth: person.birthDate ?? '1970-01-01', countryOfResidence: 'GB' };
      await saveApplication(svc, actor, {
        application: {
          companyProfile: {
            companyName, registrationNumber: `0${9000000 + i}`, country: 'GB', entityType: 'Private limited company', incorporationDate: '2015-03-14',
            registeredAddress: '1 King Street, London EC2V 8AU', businessActivity: 'Wholesale', sourceOfFunds: 'Trading revenue', transactsInternationally: false,
          },
          ownership: { hasUbos: true, directors: [director], ubos: [{ ...director, roles: ['ubo'], ownershipPercent: 100 }] },
        },
      });
      await uploadDocuments(svc, actor, { files: (async function* () {
        for (const f of files) yield { filename: f.filename, content: bytesOf(f.bytes) };
      })() });
      actors.push(actor);
      subjects.push([
        { subjectId: 'company', name: companyName, role: 'company', schema: 'Company', birthDate: null, nationality: null, country: 'GB' },
        { subjectId: 'director:0', name: director.name, role: 'director', schema: 'Person', birthDate: director.dateOfBirth, nationality: 'GB', country: 'GB' },
        { subjectId: 'ubo:0', name: director.name, role: 'ubo', schema: 'Person', birthDate: director.dateOfBirth, nationality: 'GB', country: 'GB' },
      ]);
    }
    // The service's matcher loads its list on first use: load it before the clock starts.
    await svc.screening.screen(subjects[0]![0]!);

    // --- timed: the pipeline ---
    const worker = await startWorker(svc, rt.queue);
    const submittedAt = new Map<number, number>();
    const started = Date.now();
    let next = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next < actors.length) {
        const a = actors[next++]!;
        submittedAt.set(a.casePk, Date.now());
        await submitApplication(svc, a);
      }
    }));
    const deadline = Date.now() + 30 * 60_000;
    for (;;) {
      const [{ n }]: { n: number }[] = await svc.db.query(`SELECT COUNT(*) AS n FROM case_pipelines WHERE org_id = ? AND step = 'done'`, [tenant.id]);
      if (Number(n) >= count) break;
      if (Date.now() > deadline) throw new Error(`only ${n} of ${count} pipelines finished in 30 minutes`);
      await sleep(200);
    }
    const routed: { case_pk: number; at: Date; outcome: string }[] = await svc.db.query(
      'SELECT case_pk, MIN(evaluated_at) AS at, MIN(outcome) AS outcome FROM routing_evaluations WHERE org_id = ? GROUP BY case_pk', [tenant.id],
    );
    const seconds = (Math.max(...routed.map((r) => new Date(r.at).getTime())) - started) / 1000;
    await worker.stop();
    const latencies = routed.map((r) => new Date(r.at).getTime() - submittedAt.get(Number(r.case_pk))!).sort((a, b) => a - b);
    const outcomes = new Map<string, number>();
    for (const r of routed) outcomes.set(r.outcome, (outcomes.get(r.outcome) ?? 0) + 1);
    const [{ hits }]: { hits: number }[] = await svc.db.query('SELECT COUNT(*) AS hits FROM screening_hits WHERE org_id = ?', [tenant.id]);
    const pipelineRate = count / seconds;

    // --- the baseline in the same run: the matcher alone over the same subjects ---
    const matcher = new LocalScreeningProvider({ path: watchlist, threshold: config.screeningMatchThreshold });
    await matcher.load();
    const perName: number[] = [];
    const m0 = performance.now();
    for (const s of subjects.flat()) {
      const t0 = performance.now();
      await matcher.screen(s);
      perName.push(performance.now() - t0);
    }
    const matcherSeconds = (performance.now() - m0) / 1000;
    perName.sort((a, b) => a - b);
    const matcherRate = count / matcherSeconds;
    const ratio = pipelineRate / matcherRate;

    process.stdout.write([
      `pipeline: ${count} cases, 3 documents each, ${entities}-entity watchlist, WORKER_CONCURRENCY ${config.workerConcurrency}; load average ${loadavg()[0]!.toFixed(1)}`,
      `  pipeline (extraction, screening, triage, risk, AI review, policy): ${pipelineRate.toFixed(1)} cases/s (${seconds.toFixed(1)} s in all)`,
      `  submission to routing: p50 ${(pct(latencies, 0.5) / 1000).toFixed(2)} s, p99 ${(pct(latencies, 0.99) / 1000).toFixed(2)} s`,
      `  outcomes: ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}; ${hits} screening hits`,
      `  matcher alone, same ${subjects.flat().length} subjects: ${matcherRate.toFixed(1)} cases/s; per name p50 ${pct(perName, 0.5).toFixed(3)} ms, p99 ${pct(perName, 0.99).toFixed(3)} ms (target < 5 ms: ${pct(perName, 0.99) < 5 ? 'met' : 'NOT met'})`,
      `  ratio pipeline / matcher alone: ${ratio.toFixed(3)} (target >= 0.5: ${ratio >= 0.5 ? 'met' : 'NOT met'})`,
    ].join('\n') + '\n');
  } finally {
    await rt.close();
    await dropMysqlDatabase(config.mysqlUrl);
    await dropPgDatabase(config.pgUrl);
    await rm(dir, { recursive: true, force: true });
  }
}
