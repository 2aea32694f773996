// `npm test`'s mocha, in two parts: the files of .mocharc.json in parallel workers (each with its own
// databases), then the files it ignores there, serially: those time child processes against a deadline
// or load the machine on purpose, and would miss their deadlines next to the parallel workers.
// Arguments (`npm test -- --grep x`) go to both parts. Exits non-zero when either part failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = JSON.parse(readFileSync(new URL('../.mocharc.json', import.meta.url), 'utf8'));
const mocha = fileURLToPath(new URL('../node_modules/mocha/bin/mocha.js', import.meta.url));
const extra = process.argv.slice(2);

// The parallel part's files, longest first (test/durations.json, seconds a file took in a full run), so that no
// long file starts last and runs on alone while the other workers sit idle; files it does not know yet go first.
// Mocha hands files to its workers in the order given.
const durationsFile = new URL('../test/durations.json', import.meta.url);
const durations = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};
const ignored = new Set(config.ignore ?? []);
const parallelFiles = readdirSync(join(root, 'dist/test'), { recursive: true })
  .map((f) => `dist/test/${String(f).split('\\').join('/')}`)
  .filter((f) => f.endsWith('.test.js') && !ignored.has(f))
  .sort((a, b) => (durations[b.slice(10)] ?? Infinity) - (durations[a.slice(10)] ?? Infinity) || a.localeCompare(b));

// Each parallel test file's wall time is appended here (test/support/root-hooks.ts); the slowest are printed after the part.
const timings = join(tmpdir(), `svc-test-timings-${process.pid}.jsonl`);
const env = { ...process.env, TEST_TIMINGS: timings };
const run = (args) => spawnSync(process.execPath, [mocha, ...args, ...extra], { cwd: root, stdio: 'inherit', env }).status ?? 1;

/** Prints the part's slowest files; with TEST_DURATIONS_WRITE=1 (a full run), writes them all to test/durations.json. */
function printSlowest(wallMs) {
  if (!existsSync(timings)) return;
  const files = readFileSync(timings, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).sort((a, b) => b.ms - a.ms);
  rmSync(timings, { force: true });
  if (process.env.TEST_DURATIONS_WRITE === '1') {
    const known = Object.fromEntries(files.filter((f) => f.file).map((f) => [f.file.replace(`${root}dist/test/`, ''), Math.round(f.ms / 100) / 10]));
    writeFileSync(durationsFile, `${JSON.stringify(known, Object.keys(known).sort(), 2)}\n`);
  }
  const total = files.reduce((s, f) => s + f.ms, 0);
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`\nParallel part: ${files.length} files, ${s(wallMs)} wall, ${s(total)} summed over workers. Slowest:`);
  for (const f of files.slice(0, 12)) console.log(`  ${s(f.ms).padStart(8)}  ${String(f.file).replace(root, '')}`);
}

const common = [
  ...config.require.flatMap((r) => ['--require', r]), '--timeout', String(config.timeout), '--slow', String(config.slow),
  '--reporter', config.reporter, ...(config.exit ? ['--exit'] : []), ...(config.forbidOnly ? ['--forbid-only'] : []),
];
const started = Date.now();
// Files named on the command line (`npm test -- dist/test/x.test.js`) replace the ordered list.
const named = extra.some((a) => a.endsWith('.js'));
const parallel = run(['--no-config', '--parallel', '--jobs', String(config.jobs), ...common, ...(named ? [] : parallelFiles)]);
printSlowest(Date.now() - started);
const serialFiles = config.ignore ?? [];
let serial = 0;
if (serialFiles.length) {
  console.log(`\nSerial part (${serialFiles.length} files, one at a time): ${serialFiles.join(' ')}`);
  serial = run(['--no-config', '--no-parallel', ...common, ...serialFiles]);
}
process.exit(parallel || serial);
