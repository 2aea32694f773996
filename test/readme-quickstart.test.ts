import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { testEnv } from './support/env';
import { DIST, freePort, startNode, waitFor } from './support/processes';

const ROOT = join(__dirname, '..', '..');

/** The shell blocks of the README's quickstarts (between "## Quickstarts" and "## Documentation"), in order. */
export function quickstartBlocks(readme: string): string[] {
  const start = readme.indexOf('\n## Quickstarts');
  const end = readme.indexOf('\n## Documentation');
  expect(start, 'the README has its quickstarts').to.be.greaterThan(0);
  return [...readme.slice(start, end).matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** The JSON values printed one after another (curl -s ends its output without a line break, so they may share a line). */
export function jsonValues(text: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      if (depth++ === 0) start = i;
    } else if (ch === '}' || ch === ']') {
      if (--depth === 0) values.push(JSON.parse(text.slice(start, i + 1)));
    }
  }
  expect(depth, `complete JSON values in ${text}`).to.equal(0);
  return values;
}

/**
 * Runs a bash script to its end (bounded), with `env`, in a directory of its own (curl's cookie jar lands there)
 * that resolves packages as the checkout does (its node_modules, where npm install links `@svc/client`).
 */
function bash(script: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cwd = mkdtempSync(join(tmpdir(), 'readme-quickstart-'));
  symlinkSync(join(ROOT, 'node_modules'), join(cwd, 'node_modules'));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the quickstart did not finish within ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  }).finally(() => rmSync(cwd, { recursive: true, force: true }));
}

/**
 * The README's quickstarts run as written: their shell blocks, one bash session (a block's variables are the
 * next one's), against `npm start` from this checkout's dist (CI runs this on a fresh clone). `npx svc` is the
 * checkout's compiled CLI, as `npm install` links it; BASE_URL is the address the service listens on.
 */
describe('README quickstarts, run as written against a started service', function () {
  this.timeout(120_000);
  let service: ReturnType<typeof startNode> | undefined;
  let port = 0;
  const env = () => testEnv({ PORT: String(port), LOG_LEVEL: 'info' });

  before(async () => {
    port = await freePort();
    service = startNode('bin/start.js', [], env());
    await waitFor('/readyz', async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200, 60_000);
  });
  after(async () => {
    service?.child.kill('SIGTERM');
    await service?.exited;
  });

  it('npm start says where the console, the portal and the API are', () => {
    const said = service!.output();
    const local = `http://localhost:${port}`;
    expect(said).to.include(`Console:  ${local}/console\n`);
    expect(said).to.include(`Portal:   ${local}/portal/app (customers arrive by their magic link or ${local}/apply/<slug>)\n`);
    expect(said).to.include(`Pull API: ${local}/v1 (OpenAPI at ${local}/v1/openapi.json)\n`);
  });

  it('every shell block of the quickstarts exits 0 and prints what the README says it does', async () => {
    const blocks = quickstartBlocks(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(blocks.length, 'the setup, the CRM integrator\'s and the analyst\'s blocks').to.be.at.least(4);
    const script = [
      'set -euo pipefail',
      `npx() { if [ "$1" = svc ]; then shift; node ${JSON.stringify(join(DIST, 'bin', 'svc.js'))} "$@"; else command npx "$@"; fi; }`,
      ...blocks.flatMap((b, i) => [b, `echo; echo "@@ block ${i} done"`]),
      'echo "ORG=$ORG"',
    ].join('\n');
    const run = await bash(script, { ...env(), BASE_URL: `http://localhost:${port}` } as NodeJS.ProcessEnv, 90_000);
    expect(run.code, `${run.stdout}\n${run.stderr}`).to.equal(0);
    const out = run.stdout.split(/@@ block \d+ done\n/);
    expect(out, run.stdout).to.have.length(blocks.length + 1);
    expect(out[blocks.length]).to.match(/^ORG=[0-9a-f-]{36}\n$/);

    // The CRM integrator, in test mode through @svc/client: the case decided by the test helpers, then the feed.
    const [decided, ...feed] = jsonValues(out[1]!) as Record<string, unknown>[];
    expect(decided, out[1]).to.include({ status: 'declined' });
    const events = feed.map((e) => e.event);
    expect(events, out[1]).to.include.members(['case.created', 'case.submitted', 'screening.hit.detected', 'idv.completed', 'routing.evaluated', 'case.decision.made']);
    expect(events.indexOf('case.created')).to.equal(0);
    expect(events.indexOf('case.decision.made')).to.be.greaterThan(events.indexOf('routing.evaluated'));
    // The analyst: the first admin, signed in, and the case in the console's list.
    expect(jsonValues(out[2]!)[0]).to.have.property('userId');
    const [signIn, mode, cases] = jsonValues(out[3]!) as { data: Record<string, unknown> }[];
    expect(signIn!.data.signIn).to.deep.include({ email: 'admin@acme.example', role: 'admin', org: { name: 'Acme Compliance' } });
    expect(mode!.data.setConsoleMode).to.deep.equal({ mode: 'test' });
    // The "Test data" view shows the test case the CRM block drove to its decision.
    const edges = (cases!.data.cases as { edges: { node: { companyName: string; status: string } }[] }).edges;
    expect(edges.map((e) => [e.node.companyName, e.node.status])).to.deep.equal([['Customer Ltd', 'declined']]);
  });
});
