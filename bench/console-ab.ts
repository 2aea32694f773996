import { existsSync, readFileSync } from 'node:fs';
import { resolve, join } from 'node:path';
import { startMemberSession } from '../src/sessions/index';
import { consoleCasesQuery, seedConsoleCases } from './console';
import { load, startBench, stopServer, type Figures } from './support';

const CASES = Number(process.env.BENCH_CASES ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);

interface Side { name: string; url: string; pid: number }

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * `npm run bench -- console-ab <other checkout>`: this checkout's service against another's (built, the same
 * migrations), two servers side by side on one pair of databases, in alternating rounds of one run: the console's
 * 50-case page (its own ConsoleCases query), `GET /v1/cases?limit=50` and the in-memory baseline route, on each
 * server in turn (the order swapped every round). Prints each round and the medians: console over REST req/s
 * and server CPU a request. On a machine whose speed moves between runs, this compares two builds where separate
 * runs cannot (BENCH_CASES, default 20,000; BENCH_ROUNDS, default 6; BENCH_DURATION a phase, default 5 s).
 */
export async function consoleAbBench(args: string[]): Promise<void> {
  const other = args[0] ? resolve(args[0]) : '';
  const otherSupport = join(other, 'dist', 'bench', 'support.js');
  if (!other || !existsSync(otherSupport)) throw new Error('usage: npm run bench -- console-ab <path of another built checkout>');
  process.env.BENCH_DIAG ??= '1';
  process.env.BENCH_DURATION ??= '5';
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the other checkout's own code, chosen at run time
  const theirs = require(otherSupport) as typeof import('./support');
  const b = await startBench();
  const them = await theirs.forkServer(b.env);
  try {
    const member = await seedConsoleCases(b, CASES);
    const session = await startMemberSession(b.svc, { kind: 'console', memberId: member.id });
    const gql = { url: '/graphql', method: 'POST' as const, headers: { cookie: `svc_console=${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: consoleCasesQuery(), variables: { first: 50, after: null } }) };
    const rest = { url: '/v1/cases?limit=50', headers: { authorization: `Bearer ${b.token}` } };
    const page = await (await fetch(`${b.url}${rest.url}`, { headers: rest.headers })).text();
    b.server.send({ baseline: page });
    them.server.send({ baseline: page });
    const sides: Side[] = [
      { name: `this (${process.cwd()})`, url: b.url, pid: b.server.pid! },
      { name: `other (${other})`, url: them.url, pid: them.server.pid! },
    ];
    process.stdout.write(`${CASES} cases; ${ROUNDS} rounds of ${process.env.BENCH_DURATION} s a phase\n`);
    const figures = new Map<string, { ratio: number[]; baseline: number[]; rest: number[]; console: number[] }>(sides.map((s) => [s.name, { ratio: [], baseline: [], rest: [], console: [] }]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const side of round % 2 ? sides : [...sides].reverse()) {
        const run = (name: string, o: { url: string }): Promise<Figures> => load(`round ${round} ${side.name.split(' ')[0]} ${name}`, { ...o, url: side.url + o.url }, [side.pid]);
        const base = await run('baseline', { url: '/bench/baseline' });
        const r = await run('REST page', rest);
        const c = await run('console page', gql);
        const f = figures.get(side.name)!;
        f.ratio.push(c.rps / r.rps);
        f.baseline.push(base.serverCpuUs ?? NaN);
        f.rest.push(r.serverCpuUs ?? NaN);
        f.console.push(c.serverCpuUs ?? NaN);
      }
    }
    process.stdout.write(`\nmedians of ${ROUNDS} rounds (load average now ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}):\n`);
    for (const [name, f] of figures) {
      process.stdout.write(`${name}\n  console / REST req/s ${median(f.ratio).toFixed(2)}; server CPU µs a request: baseline ${median(f.baseline).toFixed(0)}, REST ${median(f.rest).toFixed(0)}, console ${median(f.console).toFixed(0)}\n`);
    }
  } finally {
    await stopServer(them.server);
    await b.close();
  }
}
