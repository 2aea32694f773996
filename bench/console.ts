import { startMemberSession } from '../src/sessions/index';
import { operatorActor } from '../src/access/index';
import { createMember } from '../src/tenants/index';
import { load, seedCases, startBench, type BenchEnv } from './support';

const CASES = Number(process.env.BENCH_CASES ?? 200_000);
const DEPTH = Number(process.env.BENCH_DEPTH ?? 150_000);

const QUERY = `query Page($after: String) { cases(first: 50, after: $after) {
  edges { cursor node { caseId companyName status source onboardingStage customerEmail crmSource updatedAt
    owner { id name email } riskBand riskScore decision { outcome notes analystEmail decidedAt } } }
  pageInfo { hasNextPage endCursor } } }`;

/**
 * Seeds `n` cases of the bench's tenant as the console lists them (every case with a risk band, every third
 * with an owner and a decision) and the analyst who owns them; returns the analyst.
 */
export async function seedConsoleCases(b: BenchEnv, n: number): Promise<{ id: string }> {
  await seedCases(b.svc, b.orgId, n);
  const member = await createMember(b.svc, operatorActor(b.orgId), { email: 'bench.analyst@example.com', password: 'bench password 1234', role: 'analyst', name: 'Bench Analyst' });
  await b.svc.db.query(
    "UPDATE cases SET risk_band = ELT(1 + pk % 4, 'low', 'medium', 'high', 'prohibited'), risk_score = pk % 100, owner_member_id = IF(pk % 3 = 0, ?, NULL), owner_name = IF(pk % 3 = 0, ?, NULL), owner_email = IF(pk % 3 = 0, ?, NULL) WHERE org_id = ?",
    [member.id, 'Bench Analyst', 'bench.analyst@example.com', b.orgId],
  );
  await b.svc.db.query(
    `INSERT INTO decisions (org_id, case_pk, outcome, notes, analyst_email, auto, reason, decided_at)
     SELECT org_id, pk, IF(pk % 2 = 0, 'approved', 'declined'), 'Bench decision.', 'bench.analyst@example.com', 0, NULL, NOW(3) FROM cases WHERE org_id = ? AND pk % 3 = 0`,
    [b.orgId],
  );
  await b.svc.db.query('ANALYZE TABLE cases, decisions');
  return member;
}

/**
 * The console's case list against the pull API on the same server in the same run: the GraphQL
 * `cases(first: 50)` with owner, riskBand and decision (a signed-in member's cookie) over 200,000
 * cases, at the first page and 150,000 rows deep, beside GET /v1/cases?limit=50 (a bearer token).
 * Every third case has an owner and a decision, every case a risk band. Targets: the first page at
 * least 0.7 of the REST first page's req/s; the deep page's p99 at most 1.5 times the first page's.
 */
export async function consoleBench(): Promise<void> {
  const b = await startBench();
  try {
    const t0 = Date.now();
    const member = await seedConsoleCases(b, CASES);
    process.stdout.write(`seeded ${CASES} cases (owners, risk bands, decisions) in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);

    // A console session lasts 30 idle minutes: longer than the run.
    const session = await startMemberSession(b.svc, { kind: 'console', memberId: member.id });
    const cookie = { cookie: `svc_console=${session.token}`, 'content-type': 'application/json' };
    const gql = async (after: string | null) => {
      const res = await fetch(`${b.url}/graphql`, { method: 'POST', headers: cookie, body: JSON.stringify({ query: QUERY, variables: { after } }) });
      const body = (await res.json()) as { data?: { cases: { edges: { node: { caseId: string; decision: unknown } }[]; pageInfo: { endCursor: string } } }; errors?: unknown };
      if (!body.data) throw new Error(`graphql: ${res.status} ${JSON.stringify(body.errors)}`);
      return body.data.cases;
    };
    const firstPage = await gql(null);
    if (firstPage.edges.length !== 50 || !firstPage.edges.some((e) => e.node.decision)) throw new Error('the first page lacks cases or decisions');
    // Reach 150,000 rows deep the way the console does: by following endCursor (100 per page).
    let after: string | null = null;
    const deepQuery = QUERY.replace('first: 50', 'first: 100');
    for (let seen = 0; seen < DEPTH; seen += 100) {
      const res = await fetch(`${b.url}/graphql`, { method: 'POST', headers: cookie, body: JSON.stringify({ query: deepQuery, variables: { after } }) });
      after = ((await res.json()) as { data: { cases: { pageInfo: { endCursor: string } } } }).data.cases.pageInfo.endCursor;
    }
    const deep = await gql(after);
    process.stdout.write(`deep page starts at ${deep.edges[0]!.node.caseId} (${DEPTH} rows in)\n\n`);

    const pids = [b.server.pid!];
    const auth = { authorization: `Bearer ${b.token}` };
    const post = (variables: object) => ({ url: `${b.url}/graphql`, method: 'POST' as const, headers: cookie, body: JSON.stringify({ query: QUERY, variables }) });
    // BENCH_PHASES (default rest,first,deep) runs only some of them, e.g. to profile one (BENCH_SERVER_PROF).
    const phases = (process.env.BENCH_PHASES ?? 'rest,first,deep').split(',');
    const skipped = { name: 'skipped', rps: NaN, p50: NaN, p99: NaN, non2xx: 0 };
    const rest = phases.includes('rest') ? await load('GET /v1/cases?limit=50 first page', { url: `${b.url}/v1/cases?limit=50`, headers: auth }, pids) : skipped;
    const first = phases.includes('first') ? await load('cases(first: 50) first page', post({ after: null }), pids) : skipped;
    const deepPage = phases.includes('deep') ? await load(`cases(first: 50) ${DEPTH} deep`, post({ after }), pids) : skipped;
    const r1 = first.rps / rest.rps;
    const r2 = deepPage.p99 / Math.max(first.p99, 1);
    const errors = first.non2xx + deepPage.non2xx + rest.non2xx;
    process.stdout.write(`\nconsole first page / REST first page req/s: ${r1.toFixed(2)} (target >= 0.70) ${r1 >= 0.7 ? 'OK' : 'MISSED'}\n`);
    process.stdout.write(`console deep p99 / first-page p99:         ${r2.toFixed(2)} (target <= 1.50) ${r2 <= 1.5 ? 'OK' : 'MISSED'}\n`);
    if (errors) process.stdout.write(`non-2xx answers: ${errors}\n`);
  } finally {
    await b.close();
  }
}
