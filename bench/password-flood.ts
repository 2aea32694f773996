// `npm run bench -- password-flood`: a real member's console sign-in latency (p50, p99) while anonymous
// attackers send alias floods of resetPassword and acceptInvitation to POST /graphql, beside the same
// sign-ins without the flood, with the ratio. Each flood request carries BENCH_ALIASES (default 100)
// aliases with made-up tokens of the right shape and an acceptable password; BENCH_ATTACKERS (default 8:
// a request's mutations run one after another, so it takes more than the 4 threads of libuv's pool to
// fill it) connections send them back to back. Sign-ins are one at a time for BENCH_DURATION seconds (default 10)
// and at least BENCH_MIN_SIGN_INS (default 10). The service runs in a child process (bench/server.ts).
import { randomBytes } from 'node:crypto';
import { operatorActor } from '../src/access/index';
import { createMember } from '../src/tenants/index';
import { startBench } from './support';

const ALIASES = Number(process.env.BENCH_ALIASES ?? 100);
const ATTACKERS = Number(process.env.BENCH_ATTACKERS ?? 8);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const MIN_SIGN_INS = Number(process.env.BENCH_MIN_SIGN_INS ?? 10);
/** A sign-in that has not answered after this long is counted at this latency. */
const SIGN_IN_CAP_MS = 120_000;

const SIGN_IN = 'mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { id } }';

/** One operation with `n` aliases of `field`, each with its own made-up token (43 base64url characters). */
function floodOf(field: 'resetPassword' | 'acceptInvitation', n: number): string {
  const aliases = Array.from({ length: n }, (_, i) => `a${i}: ${field}(token: "${randomBytes(32).toString('base64url')}", password: $p)`);
  return JSON.stringify({ query: `mutation($p: String!) { ${aliases.join(' ')} }`, variables: { p: 'a perfectly fine pass phrase 1' } });
}

interface Latencies {
  samples: number[];
  refused: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function signIns(url: string, email: string, password: string): Promise<Latencies> {
  const samples: number[] = [];
  let refused = 0;
  const until = Date.now() + DURATION_S * 1000;
  while (Date.now() < until || samples.length < MIN_SIGN_INS) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: SIGN_IN, variables: { email, password } }), signal: AbortSignal.timeout(SIGN_IN_CAP_MS),
      });
      const body = (await res.json()) as { data?: { signIn?: { id: string } } | null };
      if (!body.data?.signIn) refused++;
      samples.push(performance.now() - t0);
    } catch {
      samples.push(SIGN_IN_CAP_MS);
      refused++;
    }
  }
  return { samples, refused };
}

function line(name: string, l: Latencies): { p50: number; p99: number } {
  const sorted = [...l.samples].sort((a, b) => a - b);
  const f = { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  process.stdout.write(`${name.padEnd(28)} ${String(sorted.length).padStart(4)} sign-ins   p50 ${f.p50.toFixed(0).padStart(6)} ms   p99 ${f.p99.toFixed(0).padStart(6)} ms   failed ${l.refused}\n`);
  return f;
}

export async function passwordFloodBench(): Promise<void> {
  const b = await startBench();
  try {
    const email = 'bench.member@example.com';
    const password = 'bench password 1234';
    await createMember(b.svc, operatorActor(b.orgId), { email, password, role: 'analyst', name: 'Bench Member' });
    process.stdout.write(`password-flood benchmark: ${ATTACKERS} attackers x ${ALIASES} aliases per request, sign-ins one at a time for ${DURATION_S} s (Node ${process.version})\n`);
    await signIns(b.url, email, password).then(() => undefined); // warm-up, not measured
    const quiet = line('sign-in, no flood', await signIns(b.url, email, password));

    const stop = new AbortController();
    const answers = new Map<number, number>();
    const attacker = async (k: number) => {
      for (let i = 0; !stop.signal.aborted; i++) {
        const body = floodOf((k + i) % 2 === 0 ? 'resetPassword' : 'acceptInvitation', ALIASES);
        try {
          const res = await fetch(`${b.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: stop.signal });
          await res.arrayBuffer();
          answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
        } catch {
          if (!stop.signal.aborted) answers.set(0, (answers.get(0) ?? 0) + 1);
        }
      }
    };
    const attackers = Array.from({ length: ATTACKERS }, (_, k) => attacker(k));
    await new Promise((r) => setTimeout(r, 1000)); // the flood under way
    const flooded = line('sign-in, under alias flood', await signIns(b.url, email, password));
    // The flood requests still running are abandoned (the server stops with them).
    stop.abort();
    await Promise.all(attackers);
    process.stdout.write(`flood requests answered (HTTP status: count): ${[...answers].map(([s, n]) => `${s}: ${n}`).join(', ')}\n`);
    process.stdout.write(`ratio flooded / quiet: p50 ${(flooded.p50 / quiet.p50).toFixed(2)}, p99 ${(flooded.p99 / quiet.p99).toFixed(2)}\n`);
  } finally {
    await b.close();
  }
}
