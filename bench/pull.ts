import { load, seedCases, startBench } from './support';

const CASES = Number(process.env.BENCH_CASES ?? 200_000);
const DEPTH = Number(process.env.BENCH_DEPTH ?? 150_000);

/**
 * GET /v1/cases?limit=50 for a tenant with 200,000 cases, at the first page and at a cursor 150,000
 * rows deep, against a baseline route of the same server returning the same 50 rows from memory.
 * Targets: the first page at least 0.6 of the baseline's req/s (issue 33), the deep page at least 0.4;
 * deep-page p99 at most 1.5 times first-page p99. With BENCH_DIAG=1 the CPU ratio (baseline's server CPU per
 * request over the first page's) is printed too: steadier than req/s on a shared machine.
 */
export async function pullBench(): Promise<void> {
  const b = await startBench();
  try {
    const t0 = Date.now();
    await seedCases(b.svc, b.orgId, CASES);
    process.stdout.write(`seeded ${CASES} cases in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
    const auth = { authorization: `Bearer ${b.token}` };
    const first = await fetch(`${b.url}/v1/cases?limit=50`, { headers: auth });
    const firstText = await first.text();
    b.server.send({ baseline: firstText });
    // Reach 150,000 rows deep the way a client does: by following nextCursor.
    let cursor: string | null = null;
    for (let seen = 0; seen < DEPTH; seen += 200) {
      const res = await fetch(`${b.url}/v1/cases?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: auth });
      cursor = ((await res.json()) as { nextCursor: string }).nextCursor;
    }
    const deepPath = `/v1/cases?limit=50&cursor=${encodeURIComponent(cursor!)}`;
    const deep = (await (await fetch(b.url + deepPath, { headers: auth })).json()) as { data: { caseId: string }[] };
    process.stdout.write(`deep page starts at ${deep.data[0]!.caseId} (${DEPTH} rows in)\n\n`);

    const pids = [b.server.pid!];
    const baseline = await load('baseline (memory, no auth, no DB)', { url: `${b.url}/bench/baseline` }, pids);
    const firstPage = await load('GET /v1/cases?limit=50 first page', { url: `${b.url}/v1/cases?limit=50`, headers: auth }, pids);
    const deepPage = await load(`GET /v1/cases?limit=50 ${DEPTH} deep`, { url: b.url + deepPath, headers: auth }, pids);
    const r1 = firstPage.rps / baseline.rps;
    const r2 = deepPage.rps / baseline.rps;
    const r3 = deepPage.p99 / Math.max(firstPage.p99, 1);
    process.stdout.write(`\nfirst page / baseline req/s: ${r1.toFixed(2)} (target >= 0.60) ${r1 >= 0.6 ? 'OK' : 'MISSED'}\n`);
    if (baseline.serverCpuUs && firstPage.serverCpuUs) {
      process.stdout.write(`baseline / first page server CPU per request: ${(baseline.serverCpuUs / firstPage.serverCpuUs).toFixed(2)}\n`);
    }
    process.stdout.write(`deep page  / baseline req/s: ${r2.toFixed(2)} (target >= 0.40) ${r2 >= 0.4 ? 'OK' : 'MISSED'}\n`);
    process.stdout.write(`deep p99 / first-page p99:   ${r3.toFixed(2)} (target <= 1.50) ${r3 <= 1.5 ? 'OK' : 'MISSED'}\n`);
  } finally {
    await b.close();
  }
}
