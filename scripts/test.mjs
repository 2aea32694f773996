// `npm test`'s mocha, in two parts: the files of .mocharc.json in parallel workers (each with its own
// databases), then the files it ignores there, serially: those time child processes against a deadline
// or load the machine on purpose, and would miss their deadlines next to the parallel workers.
// Arguments (`npm test -- --grep x`) go to both parts. Exits non-zero when either part failed.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = JSON.parse(readFileSync(new URL('../.mocharc.json', import.meta.url), 'utf8'));
const mocha = fileURLToPath(new URL('../node_modules/mocha/bin/mocha.js', import.meta.url));
const extra = process.argv.slice(2);

const run = (args) => spawnSync(process.execPath, [mocha, ...args, ...extra], { cwd: root, stdio: 'inherit' }).status ?? 1;

const parallel = run([]);
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
