import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Tracing } from '../src/platform/index';
import { confirmReview, submitApplication } from '../src/portal/index';
import { startWorker } from '../worker/runner';
import { startPipelineBench } from './pipeline-cases';

/** Where a case's time goes, most specific first: a moment covered by several goes to the first. */
const PARTS = [
  ['screening', 'pipeline.step screen'],
  ['triage', 'pipeline.step triage'],
  ['verification links', 'pipeline.step verify'],
  ['risk', 'pipeline.step risk'],
  ['review', 'pipeline.step review'],
  ['routing', 'pipeline.step route'],
  ['submission', 'submission'],
  ['step jobs outside their step (reads, completion)', 'job pipeline.step'],
  ['outbox relay', 'job relay-events'],
  ['other jobs', 'job'],
] as const;
const WAITS = 'queue waits (nothing of the case running)';

interface Span {
  name: string;
  start: number;
  end: number;
}

/** A Tracing that keeps every span's name and times (performance.now()) and calls `onEnd` as each ends. */
function spanRecorder(onEnd: (s: Span) => void): { tracing: Tracing; spans: Span[]; running: () => number } {
  const spans: Span[] = [];
  let running = 0;
  const tracing: Tracing = {
    capture: () => null,
    nameRequest() {},
    open: () => ({ end() {} }),
    async span(name, _options, fn) {
      const start = performance.now();
      running++;
      try {
        return await fn();
      } finally {
        running--;
        const s = { name, start, end: performance.now() };
        spans.push(s);
        onEnd(s);
      }
    },
  };
  return { tracing, spans, running: () => running };
}

/** How much of [from, to] each part covers (a moment to the first part in PARTS that covers it); the rest is waiting. */
function shares(spans: Span[], from: number, to: number): Map<string, number> {
  const labelled = spans.flatMap((s) => {
    const rank = PARTS.findIndex(([, prefix]) => s.name === prefix || s.name.startsWith(`${prefix} `));
    return rank < 0 || s.end <= from || s.start >= to ? [] : [{ rank, start: Math.max(s.start, from), end: Math.min(s.end, to) }];
  });
  const cuts = [...new Set([from, to, ...labelled.flatMap((s) => [s.start, s.end])])].sort((a, b) => a - b);
  const out = new Map<string, number>();
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [a, b] = [cuts[i]!, cuts[i + 1]!];
    const covering = labelled.filter((s) => s.start <= a && s.end >= b).map((s) => s.rank);
    const label = covering.length ? PARTS[Math.min(...covering)]![0] : WAITS;
    out.set(label, (out.get(label) ?? 0) + (b - a));
  }
  return out;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

/**
 * `npm run bench -- pipeline-latency [cases] [entities]` (defaults 50 and 100,000): one submitted case at a
 * time on an otherwise idle service (a worker in this process, WORKER_CONCURRENCY default 16). Each case has
 * its application (a company, one director who is the UBO, names from the synthetic list); then, as in the
 * portal, its three PDFs are uploaded and read (extraction), the review is confirmed and the case submitted.
 * Timed from the submission to the commit of the route step that recorded routing.evaluated. Prints p50/p99
 * and where the time went: each step's span and the waits between them (the spans come from the service's own
 * tracing port, recorded in memory), and apart, the extraction before the submission.
 */
export async function pipelineLatencyBench(args: string[]): Promise<void> {
  const count = Number(args[0] ?? 50);
  const entities = Number(args[1] ?? 100_000);
  const bench = await startPipelineBench(count, entities);
  const { svc } = bench;
  try {
    process.stdout.write(`pipeline-latency: ${count} cases one at a time, 3 PDFs each, ${entities}-entity watchlist; load average ${loadavg()[0]!.toFixed(1)}\n`);
    const cases = [];
    for (let i = 0; i < count; i++) cases.push(await bench.openCase(i));
    let routed: ((s: Span) => void) | null = null;
    let extractedOne: (() => void) | null = null;
    const extraction: number[] = [];
    const recorder = spanRecorder((s) => {
      if (s.name === 'pipeline.step route') routed?.(s);
      if (s.name === 'job pipeline.document-uploaded') extractedOne?.();
    });
    svc.tracing = recorder.tracing;
    // The service's matcher loads its list on first use: load it before the clock starts.
    await svc.screening.screen(cases[0]!.subjects[0]!);
    const worker = await startWorker(svc, bench.rt.queue);
    const latencies: number[] = [];
    const totals = new Map<string, number>();
    try {
      for (const { actor } of cases) {
        // The portal's order: the documents are uploaded and read, the customer confirms the review (refused
        // while a document is still being read), then submits. Extraction is timed apart: it ends before the submission.
        const extracted = new Promise<void>((resolve) => {
          let left = 3;
          extractedOne = () => --left === 0 && resolve();
        });
        const up = performance.now();
        await bench.uploadDocuments(actor);
        await extracted;
        extraction.push(performance.now() - up);
        await confirmReview(svc, actor, { amendments: [] });
        await bench.markIdentityVerified(actor);
        const decided = new Promise<Span>((resolve) => {
          routed = (s) => {
            void svc.db.query('SELECT 1 FROM routing_evaluations WHERE org_id = ? AND case_pk = ? LIMIT 1', [actor.orgId, actor.casePk])
              .then((rows: unknown[]) => rows.length && resolve(s));
          };
        });
        const t0 = performance.now();
        await submitApplication(svc, actor);
        recorder.spans.push({ name: 'submission', start: t0, end: performance.now() });
        const route = await Promise.race([decided, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no routing within 60 s: ${recorder.spans.map((s) => s.name).join(', ')}`)), 60_000).unref())]);
        latencies.push(route.end - t0);
        for (const [part, ms] of shares(recorder.spans, t0, route.end)) totals.set(part, (totals.get(part) ?? 0) + ms);
        // Idle again before the next case: whatever the decision set off (its events' relay, notifications) has run.
        const settle = performance.now() + 10_000;
        while (recorder.running() > 0 && performance.now() < settle) await new Promise((r) => setTimeout(r, 20));
        recorder.spans.length = 0;
      }
    } finally {
      await worker.stop();
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const all = latencies.reduce((a, b) => a + b, 0);
    const lines = [
      `  submission to routing.evaluated: p50 ${(pct(sorted, 0.5) / 1000).toFixed(3)} s, p99 ${(pct(sorted, 0.99) / 1000).toFixed(3)} s, max ${(sorted.at(-1)! / 1000).toFixed(3)} s (target p50 <= 1.0 s, p99 <= 2.0 s)`,
      `  before it, upload to the three documents read (extraction, 3 jobs): p50 ${(pct([...extraction].sort((a, b) => a - b), 0.5) / 1000).toFixed(3)} s`,
      `  where the time went (mean per case, share of the whole):`,
      ...[...totals].sort((a, b) => b[1] - a[1]).map(([part, ms]) => `    ${part.padEnd(50)} ${(ms / count).toFixed(1).padStart(8)} ms  ${((100 * ms) / all).toFixed(1).padStart(5)} %`),
      `  load average after: ${loadavg()[0]!.toFixed(1)}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await bench.close();
  }
}
