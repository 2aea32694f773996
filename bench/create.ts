import { randomUUID } from 'node:crypto';
import { load, seedCases, startBench } from './support';

/**
 * POST /v1/cases with a unique Idempotency-Key, email and crmRecordId per request (creates per
 * second), then the very same requests again (replays per second), at concurrency 32.
 */
export async function createBench(): Promise<void> {
  const b = await startBench();
  try {
    await seedCases(b.svc, b.orgId, Number(process.env.BENCH_CASES ?? 20_000));
    const sent: { key: string; body: string }[] = [];
    const headers = { authorization: `Bearer ${b.token}`, 'content-type': 'application/json' };
    const create = await load('POST /v1/cases (new)', {
      url: `${b.url}/v1/cases`, method: 'POST', headers,
      requests: [{
        setupRequest: (req) => {
          const key = randomUUID();
          const body = JSON.stringify({ customerEmail: `c-${key}@example.com`, companyName: 'Bench Ltd', crmRecordId: key, crmSource: 'bench' });
          sent.push({ key, body });
          return { ...req, body, headers: { ...headers, 'idempotency-key': key } };
        },
      }],
    }, [b.server.pid!]);
    const [{ n }] = await b.svc.db.query(`SELECT COUNT(*) AS n FROM cases WHERE org_id = ? AND source = 'api'`, [b.orgId]);
    process.stdout.write(`cases created: ${n}\n`);
    let i = 0;
    const replay = await load('POST /v1/cases (Idempotency-Key replay)', {
      url: `${b.url}/v1/cases`, method: 'POST', headers,
      requests: [{
        setupRequest: (req) => {
          const s = sent[i++ % sent.length]!;
          return { ...req, body: s.body, headers: { ...headers, 'idempotency-key': s.key } };
        },
      }],
    }, [b.server.pid!]);
    process.stdout.write(`\ncreates/s: ${create.rps.toFixed(0)}   replays/s: ${replay.rps.toFixed(0)}   replay/create: ${(replay.rps / create.rps).toFixed(2)}\n`);
  } finally {
    await b.close();
  }
}
