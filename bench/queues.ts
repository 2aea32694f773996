import { operatorActor } from '../src/access/index';
import { startMemberSession } from '../src/sessions/index';
import { createMember } from '../src/tenants/index';
import { seedCases, startBench } from './support';

const CASES = Number(process.env.BENCH_CASES ?? 200_000);
const CALLERS = Number(process.env.BENCH_CALLERS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

const SET_QUEUES = 'mutation($input: [QueueInput!]!) { setQueues(input: $input) { id name openCount unassignedCount } }';
const QUEUES = 'query { queues { id name openCount unassignedCount oldestAgeSeconds } }';
const NEXT = 'mutation($q: ID!) { nextCase(queueId: $q) { caseId owner { id } } }';
const ASSIGN = 'mutation($id: String!, $m: ID) { assignCaseOwner(caseId: $id, memberId: $m) { caseId owner { id } } }';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/**
 * Work queues at scale: 200,000 cases (a seventh closed, risk bands in turn) sorted into two queues by
 * setQueues (high band first, a catch-all after), then Next case pressed in a loop by one analyst and by 20
 * analysts at once for BENCH_SECONDS each, over GraphQL on the service's own process; the baseline, in the same
 * run, is 20 analysts assigning themselves cases they name (assignCaseOwner: the same assignment and event,
 * without finding the case), on the high-risk queue's cases so that the two never meet.
 * Prints pulls per second, latency p50/p99, and the proof that no case was handed out twice (every pulled
 * case distinct, owned by whoever got it, one owner.changed each).
 */
export async function queuesBench(): Promise<void> {
  const b = await startBench();
  try {
    let t0 = Date.now();
    await seedCases(b.svc, b.orgId, CASES);
    await b.svc.db.query(
      "UPDATE cases SET risk_band = ELT(1 + pk % 4, 'low', 'medium', 'high', 'prohibited'), created_at = DATE_SUB(created_at, INTERVAL pk SECOND), status = IF(status = 'approved', status, 'in_review') WHERE org_id = ?",
      [b.orgId],
    );
    process.stdout.write(`seeded ${CASES} cases in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
    const admin = await createMember(b.svc, operatorActor(b.orgId), { email: 'bench.admin@example.com', password: 'bench password 1234', role: 'compliance_admin', name: 'Bench Admin' });
    const analysts = [];
    for (let i = 0; i < CALLERS; i++) {
      analysts.push(await createMember(b.svc, operatorActor(b.orgId), { email: `bench.analyst${i}@example.com`, password: 'bench password 1234', role: 'analyst', name: `Analyst ${i}` }));
    }
    const cookieOf = async (memberId: string) => `svc_console=${(await startMemberSession(b.svc, { kind: 'console', memberId })).token}`;
    const gql = async <T>(cookie: string, query: string, variables: object = {}): Promise<T> => {
      const res = await fetch(`${b.url}/graphql`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
      const body = (await res.json()) as { data?: T; errors?: unknown };
      if (!body.data || body.errors) throw new Error(`graphql: ${res.status} ${JSON.stringify(body.errors)}`);
      return body.data;
    };
    const adminCookie = await cookieOf(admin.id);
    const memberIds = analysts.map((a) => a.id);
    t0 = Date.now();
    const { setQueues } = await gql<{ setQueues: { id: string; name: string; openCount: number; unassignedCount: number }[] }>(adminCookie, SET_QUEUES, {
      input: [
        { name: 'High risk', conditions: { all: [{ fact: 'band', operator: 'equal', value: 'high' }] }, memberIds, assignment: { mode: 'manual' } },
        { name: 'Everything else', conditions: null, memberIds, assignment: { mode: 'manual' } },
      ],
    });
    process.stdout.write(`setQueues sorted every open case in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${setQueues.map((q) => `${q.name} ${q.openCount}`).join(', ')}\n`);
    t0 = Date.now();
    await gql(adminCookie, QUEUES);
    process.stdout.write(`queues (counts and oldest age) answered in ${Date.now() - t0} ms\n\n`);
    const queueId = setQueues[1]!.id;
    const cookies = await Promise.all(analysts.map((a) => cookieOf(a.id)));

    const run = async (callers: number) => {
      const pulled: { caseId: string; memberId: string }[] = [];
      const latencies: number[] = [];
      const until = Date.now() + SECONDS * 1000;
      const started = Date.now();
      await Promise.all(Array.from({ length: callers }, async (_, i) => {
        while (Date.now() < until) {
          const s = performance.now();
          const { nextCase } = await gql<{ nextCase: { caseId: string; owner: { id: string } } | null }>(cookies[i]!, NEXT, { q: queueId });
          latencies.push(performance.now() - s);
          if (!nextCase) return;
          if (nextCase.owner.id !== memberIds[i]) throw new Error(`${nextCase.caseId} came back owned by someone else`);
          pulled.push({ caseId: nextCase.caseId, memberId: memberIds[i]! });
        }
      }));
      const seconds = (Date.now() - started) / 1000;
      latencies.sort((x, y) => x - y);
      return { pulled, rate: pulled.length / seconds, p50: pct(latencies, 50), p99: pct(latencies, 99) };
    };
    const one = await run(1);
    process.stdout.write(`1 caller:   ${one.pulled.length} pulls, ${one.rate.toFixed(1)} pulls/s, p50 ${one.p50.toFixed(1)} ms, p99 ${one.p99.toFixed(1)} ms\n`);
    // The baseline: each caller assigns itself the high-risk cases of its own slice, by id.
    const high: { case_id: string }[] = await b.svc.db.query(
      "SELECT case_id FROM cases WHERE org_id = ? AND risk_band = 'high' AND status <> 'approved' ORDER BY pk", [b.orgId],
    );
    const assigned: string[] = [];
    const baseLatencies: number[] = [];
    const baseUntil = Date.now() + SECONDS * 1000;
    const baseStart = Date.now();
    await Promise.all(Array.from({ length: CALLERS }, async (_, i) => {
      for (let k = i; k < high.length && Date.now() < baseUntil; k += CALLERS) {
        const s = performance.now();
        await gql(cookies[i]!, ASSIGN, { id: high[k]!.case_id, m: memberIds[i] });
        baseLatencies.push(performance.now() - s);
        assigned.push(high[k]!.case_id);
      }
    }));
    const baseRate = assigned.length / ((Date.now() - baseStart) / 1000);
    baseLatencies.sort((x, y) => x - y);
    process.stdout.write(`baseline, ${CALLERS} callers assigning named cases: ${assigned.length}, ${baseRate.toFixed(1)}/s, p50 ${pct(baseLatencies, 50).toFixed(1)} ms, p99 ${pct(baseLatencies, 99).toFixed(1)} ms\n`);
    const many = await run(CALLERS);
    process.stdout.write(`${CALLERS} callers: ${many.pulled.length} pulls, ${many.rate.toFixed(1)} pulls/s, p50 ${many.p50.toFixed(1)} ms, p99 ${many.p99.toFixed(1)} ms\n`);
    process.stdout.write(`${CALLERS} callers / 1 caller pulls/s: ${(many.rate / one.rate).toFixed(2)}\n`);
    process.stdout.write(`${CALLERS} callers nextCase / baseline assignments per second: ${(many.rate / baseRate).toFixed(2)}\n\n`);

    // The proof: every pulled case distinct, owned in the database by whoever got it, one owner.changed each.
    const all = [...one.pulled, ...many.pulled];
    const distinct = new Set(all.map((p) => p.caseId)).size;
    const rows: { case_id: string; owner_member_id: string; events: number | string }[] = await b.svc.db.query(
      `SELECT c.case_id, c.owner_member_id, (SELECT COUNT(*) FROM events e WHERE e.org_id = c.org_id AND e.case_pk = c.pk AND e.type = 'owner.changed') AS events
       FROM cases c WHERE c.org_id = ? AND c.owner_member_id IS NOT NULL`,
      [b.orgId],
    );
    const byCase = new Map(rows.map((r) => [r.case_id, r]));
    const wrongOwner = all.filter((p) => byCase.get(p.caseId)?.owner_member_id !== p.memberId).length;
    const multiEvents = rows.filter((r) => Number(r.events) !== 1).length;
    process.stdout.write(`handed out: ${all.length}, distinct cases: ${distinct}, owned cases in the database: ${rows.length} (${assigned.length} of them by the baseline), owner not the caller: ${wrongOwner}, cases with other than one owner.changed: ${multiEvents}\n`);
    const ok = distinct === all.length && rows.length === all.length + assigned.length && wrongOwner === 0 && multiEvents === 0;
    process.stdout.write(`no case handed out twice: ${ok ? 'OK' : 'FAILED'}\n`);
    if (!ok) process.exitCode = 1;
  } finally {
    await b.close();
  }
}
