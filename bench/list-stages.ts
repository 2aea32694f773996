import { memberActor, type Actor } from '../src/access/index';
import { listCases, listConsoleCases } from '../src/cases/index';
import { cpuDelta, cpuSnapshot } from './cpu-usage';
import { seedConsoleCases } from './console';
import { startBench } from './support';

const CASES = Number(process.env.BENCH_CASES ?? 5_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 1_500);
/** Calls in flight at once: the pool's connections work in parallel, as under the HTTP benchmarks' load. */
const IN_FLIGHT = 8;

/**
 * `npm run bench -- list-stages`: the two case lists' use cases called in this process, without HTTP: the pull
 * API's `listCases` and the console's `listConsoleCases` (as `cases(first: 50)` asks it: the SLA of each case,
 * and the count, or not), 50 a page, over BENCH_CASES cases (5,000: past the count's cap, so that after its first
 * call the count is known and not read again, as for any tenant that large). Prints this process's CPU and
 * MariaDB's per call, each twice, in turn, so that the HTTP benchmarks' figures (`pull`, `console`) can be split
 * into the use case and the door around it (issue 33).
 */
export async function listStagesBench(): Promise<void> {
  const b = await startBench();
  try {
    const member = await seedConsoleCases(b, CASES);
    const analyst = memberActor({ orgId: b.orgId, id: member.id, email: 'bench.analyst@example.com', role: 'analyst' });
    const client: Actor = { kind: 'api_client', orgId: b.orgId, clientId: 'bench', scopes: ['read:cases'], tokenId: 'bench', mode: 'live' };
    const stages: [string, () => Promise<unknown>][] = [
      ['listCases (GET /v1/cases)', () => listCases(b.svc, client, { limit: 50 })],
      // Past its first call the count is known to be past its cap (src/cases/case-count-floor.ts) and is not read again.
      ['listConsoleCases, SLA and count', () => listConsoleCases(b.svc, analyst, { limit: 50, withSla: true, withTotal: true })],
      ['listConsoleCases, SLA', () => listConsoleCases(b.svc, analyst, { limit: 50, withSla: true })],
    ];
    process.stdout.write(`${CASES} cases, ${CALLS} calls a stage, ${IN_FLIGHT} at once; CPU µs per call\n`);
    for (let pass = 1; pass <= 2; pass++) {
      for (const [name, call] of stages) {
        const { self, mariadb } = await cpuPerCall(call);
        process.stdout.write(`pass ${pass}  ${name.padEnd(34)} this process ${self.toFixed(0).padStart(6)}   mariadb ${mariadb.toFixed(0).padStart(6)}\n`);
      }
    }
  } finally {
    await b.close();
  }
}

async function cpuPerCall(call: () => Promise<unknown>): Promise<{ self: number; mariadb: number }> {
  for (let i = 0; i < 200; i++) await call();
  const before = cpuSnapshot([]);
  const self = process.cpuUsage();
  let started = 0;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (started++ < CALLS) await call();
  }));
  const used = process.cpuUsage(self);
  const d = cpuDelta(before, cpuSnapshot([]));
  return { self: (used.user + used.system) / CALLS, mariadb: (1000 * d.mariadb) / CALLS };
}
