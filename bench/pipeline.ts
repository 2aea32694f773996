import { loadavg } from 'node:os';
import type { CustomerActor } from '../src/access/index';
import { submitApplication } from '../src/portal/index';
import { LocalScreeningProvider, type ScreeningSubject } from '../src/screening/index';
import { startWorker } from '../worker/runner';
import { startPipelineBench } from './pipeline-cases';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

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
  const bench = await startPipelineBench(count, entities);
  const { svc, rt, config, watchlist } = bench;
  try {
    process.stdout.write(`pipeline: setting up ${count} cases with 3 documents each against ${entities} entities...\n`);
    const actors: CustomerActor[] = [];
    const subjects: ScreeningSubject[][] = [];
    for (let i = 0; i < count; i++) {
      const opened = await bench.openCase(i);
      await bench.uploadDocuments(opened.actor);
      await bench.markReviewConfirmed(opened.actor);
      await bench.markIdentityVerified(opened.actor);
      actors.push(opened.actor);
      subjects.push(opened.subjects);
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
      const [{ n }]: { n: number }[] = await svc.db.query(`SELECT COUNT(*) AS n FROM case_pipelines WHERE org_id = ? AND step = 'done'`, [bench.orgId]);
      if (Number(n) >= count) break;
      if (Date.now() > deadline) throw new Error(`only ${n} of ${count} pipelines finished in 30 minutes`);
      await sleep(200);
    }
    const routed: { case_pk: number; at: Date; outcome: string }[] = await svc.db.query(
      'SELECT case_pk, MIN(evaluated_at) AS at, MIN(outcome) AS outcome FROM routing_evaluations WHERE org_id = ? GROUP BY case_pk', [bench.orgId],
    );
    const seconds = (Math.max(...routed.map((r) => new Date(r.at).getTime())) - started) / 1000;
    await worker.stop();
    const latencies = routed.map((r) => new Date(r.at).getTime() - submittedAt.get(Number(r.case_pk))!).sort((a, b) => a - b);
    const outcomes = new Map<string, number>();
    for (const r of routed) outcomes.set(r.outcome, (outcomes.get(r.outcome) ?? 0) + 1);
    const [{ hits }]: { hits: number }[] = await svc.db.query('SELECT COUNT(*) AS hits FROM screening_hits WHERE org_id = ?', [bench.orgId]);
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
    await bench.close();
  }
}
