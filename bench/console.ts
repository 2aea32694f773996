import { startMemberSession } from '../src/sessions/index';
import { operatorActor } from '../src/access/index';
import { createMember } from '../src/tenants/index';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load, seedCases, startBench, type BenchEnv } from './support';

const CASES = Number(process.env.BENCH_CASES ?? 200_000);
const DEPTH = Number(process.env.BENCH_DEPTH ?? 150_000);

/**
 * The query of earlier runs (and of issue 33's figures): owner, riskBand and decision, and every edge's cursor.
 * BENCH_EDGE_CURSORS=1 runs it instead of the console's own.
 */
const EDGE_CURSORS_QUERY = `query Page($first: Int, $after: String) { cases(first: $first, after: $after) {
  edges { cursor node { caseId companyName status source onboardingStage customerEmail crmSource updatedAt
    owner { id name email } riskBand riskScore decision { outcome notes analystEmail decidedAt } } }
  pageInfo { hasNextPage endCursor } } }`;

/**
 * The console's own query without what the REST page does not carry (totalCount, tags, SLA, owner): the same
 * kind of rows through the GraphQL door. BENCH_PLAIN=1 runs it instead, to split the console's gap to REST into
 * the door and the page's extra information.
 */
function plainCasesQuery(consoleQuery: string): string {
  return consoleQuery
    .replace(/\btotalCount(Capped)?\b/g, '')
    .replace(/\btags\b/, '')
    .replace(/\bsla\s*\{[^}]*\}/, '')
    .replace(/\bowner\s*\{[^}]*\}/, '');
}

/** Where the console's case list page keeps its query (read at run time, so the bench sends what the console sends). */
const CONSOLE_PAGE_SOURCE = join(__dirname, '..', '..', 'web', 'src', 'console', 'cases', 'cases-page.tsx');

/** The console case list's own document (`query ConsoleCases`, as web/src/console/cases/cases-page.tsx writes it). */
export function consoleCasesQuery(source = readFileSync(CONSOLE_PAGE_SOURCE, 'utf8')): string {
  const found = /graphql\(`\s*(query ConsoleCases\b[^`]*)`\)/.exec(source);
  if (!found) throw new Error(`no ConsoleCases query in ${CONSOLE_PAGE_SOURCE}`);
  return found[1]!.trim();
}

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
 * `cases(first: 50)` (a signed-in member's cookie) over 200,000 cases, at the first page and 150,000 rows
 * deep, beside GET /v1/cases?limit=50 (a bearer token). The query is the console's own (ConsoleCases: its
 * columns, tags, SLA, owner, totalCount and pageInfo.endCursor, no edge cursor), at 50 a page where the
 * console asks for 25, to compare with the REST page of 50; BENCH_EDGE_CURSORS=1 sends the query of earlier
 * runs instead (owner, riskBand, decision and every edge's cursor).
 * Every third case has an owner and a decision, every case a risk band. Targets: the first page at
 * least 0.7 of the REST first page's req/s; the deep page's p99 at most 1.5 times the first page's.
 */
export async function consoleBench(): Promise<void> {
  const edgeCursors = process.env.BENCH_EDGE_CURSORS === '1';
  const plain = process.env.BENCH_PLAIN === '1';
  const QUERY = edgeCursors ? EDGE_CURSORS_QUERY : plain ? plainCasesQuery(consoleCasesQuery()) : consoleCasesQuery();
  const b = await startBench();
  try {
    process.stdout.write(edgeCursors
      ? 'GraphQL query: the earlier runs\' (owner, riskBand, decision, every edge\'s cursor; BENCH_EDGE_CURSORS=1)\n'
      : plain ? 'GraphQL query: the console\'s own without totalCount, tags, sla and owner (BENCH_PLAIN=1)\n'
        : 'GraphQL query: the console\'s own ConsoleCases (web/src/console/cases/cases-page.tsx) at first: 50 (the console asks for 25); BENCH_EDGE_CURSORS=1 for the earlier one\n');
    const t0 = Date.now();
    const member = await seedConsoleCases(b, CASES);
    process.stdout.write(`seeded ${CASES} cases (owners, risk bands, decisions) in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);

    // A console session lasts 30 idle minutes: longer than the run.
    const session = await startMemberSession(b.svc, { kind: 'console', memberId: member.id });
    const cookie = { cookie: `svc_console=${session.token}`, 'content-type': 'application/json' };
    const gql = async (after: string | null) => {
      const res = await fetch(`${b.url}/graphql`, { method: 'POST', headers: cookie, body: JSON.stringify({ query: QUERY, variables: { first: 50, after } }) });
      const body = (await res.json()) as { data?: { cases: { edges: { node: { caseId: string; decision?: unknown; owner: unknown } }[]; pageInfo: { endCursor: string } } }; errors?: unknown };
      if (!body.data) throw new Error(`graphql: ${res.status} ${JSON.stringify(body.errors)}`);
      return body.data.cases;
    };
    const firstPage = await gql(null);
    if (firstPage.edges.length !== 50 || !firstPage.edges.some((e) => (edgeCursors ? e.node.decision : plain || e.node.owner))) throw new Error('the first page lacks cases, owners or decisions');
    // Reach 150,000 rows deep the way the console does: by following endCursor (100 per page).
    let after: string | null = null;
    for (let seen = 0; seen < DEPTH; seen += 100) {
      const res = await fetch(`${b.url}/graphql`, { method: 'POST', headers: cookie, body: JSON.stringify({ query: QUERY, variables: { first: 100, after } }) });
      after = ((await res.json()) as { data: { cases: { pageInfo: { endCursor: string } } } }).data.cases.pageInfo.endCursor;
    }
    const deep = await gql(after);
    process.stdout.write(`deep page starts at ${deep.edges[0]!.node.caseId} (${DEPTH} rows in)\n\n`);

    const pids = [b.server.pid!];
    const auth = { authorization: `Bearer ${b.token}` };
    const post = (variables: object) => ({ url: `${b.url}/graphql`, method: 'POST' as const, headers: cookie, body: JSON.stringify({ query: QUERY, variables: { first: 50, ...variables } }) });
    // BENCH_PHASES (default rest,first,deep) runs only some of them, e.g. to profile one (BENCH_SERVER_PROF); `door` adds two.
    const phases = (process.env.BENCH_PHASES ?? 'rest,first,deep').split(',');
    const skipped = { name: 'skipped', rps: NaN, p50: NaN, p99: NaN, non2xx: 0 };
    const rest = phases.includes('rest') ? await load('GET /v1/cases?limit=50 first page', { url: `${b.url}/v1/cases?limit=50`, headers: auth }, pids) : skipped;
    const first = phases.includes('first') ? await load('cases(first: 50) first page', post({ after: null }), pids) : skipped;
    const deepPage = phases.includes('deep') ? await load(`cases(first: 50) ${DEPTH} deep`, post({ after }), pids) : skipped;
    // BENCH_PHASES=door (not by default): what each door costs before the page, a one-row REST page against
    // `{ __typename }` over /graphql with the same console session (no resolver, no statement), and the console's
    // query for one case (what a page costs apart from its rows).
    if (phases.includes('door')) {
      const rest1 = await load('GET /v1/cases?limit=1', { url: `${b.url}/v1/cases?limit=1`, headers: auth }, pids);
      const typename = await load('{ __typename } over /graphql', { url: `${b.url}/graphql`, method: 'POST', headers: cookie, body: JSON.stringify({ query: '{ __typename }' }) }, pids);
      const first1 = await load('cases(first: 1) first page', post({ after: null, first: 1 }), pids);
      process.stdout.write(`door: { __typename } / one-row REST page req/s: ${(typename.rps / rest1.rps).toFixed(2)}`
        + (typename.serverCpuUs && rest1.serverCpuUs ? `; server CPU a request ${typename.serverCpuUs.toFixed(0)} against ${rest1.serverCpuUs.toFixed(0)} µs` : '') + '\n');
      process.stdout.write(`one-row console page / one-row REST page req/s: ${(first1.rps / rest1.rps).toFixed(2)}\n`);
    }
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
