// `npm test`'s mocha, in two parts: the files of .mocharc.json in parallel workers (each with its own
// databases), then the files it ignores there, serially: those time child processes against a deadline
// or load the machine on purpose, and would miss their deadlines next to the parallel workers.
// Arguments (`npm test -- --grep x`) go to both parts. Exits non-zero when either part failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = JSON.parse(readFileSync(new URL('../.mocharc.json', import.meta.url), 'utf8'));
const mocha = fileURLToPath(new URL('../node_modules/mocha/bin/mocha.js', import.meta.url));
const extra = process.argv.slice(2);

// Each parallel test file's wall time is appended here (test/support/root-hooks.ts); the slowest are printed after the part.
const timings = join(tmpdir(), `svc-test-timings-${process.pid}.jsonl`);
const env = { ...process.env, TEST_TIMINGS: timings };
const run = (args) => spawnSync(process.execPath, [mocha, ...args, ...extra], { cwd: root, stdio: 'inherit', env }).status ?? 1;

function printSlowest(wallMs) {
  if (!existsSync(timings)) return;
  const files = readFileSync(timings, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).sort((a, b) => b.ms - a.ms);
  rmSync(timings, { force: true });
  const total = files.reduce((s, f) => s + f.ms, 0);
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`\nParallel part: ${files.length} files, ${s(wallMs)} wall, ${s(total)} summed over workers. Slowest:`);
  for (const f of files.slice(0, 12)) console.log(`  ${s(f.ms).padStart(8)}  ${String(f.file).replace(root, '')}`);
}

const started = Date.now();
const parallel = run([]);
printSlowest(Date.now() - started);
const serialFiles = config.ignore ?? [];
let serial = 0;
if (serialFiles.length) {
  console.log(`\nSerial part (${serialFiles.length} files, one at a time): ${serialFiles.join(' ')}`);
  serial = run([
    '--no-config', '--no-parallel', ...config.require.flatMap((r) => ['--require', r]),
    '--timeout', String(config.timeout), '--slow', String(config.slow), '--reporter', config.reporter,
    ...(config.exit ? ['--exit'] : []), ...(config.forbidOnly ? ['--forbid-only'] : []), ...serialFiles,
  ]);
}
process.exit(parallel || serial);
