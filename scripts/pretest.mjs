// `npm test`'s preparation (`npm run build`, `npm run lint`, the local services), the build and the lint at once:
// each is mostly one core (tsc, then Vite; ESLint's type-aware rules read the sources, not dist/). The web app's
// generated GraphQL types come first, as both read them. Fails when any part fails.
import { spawn, spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (script) => new Promise((resolve) => {
  const child = spawn(npm, ['run', '--silent', script], { stdio: 'inherit' });
  child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});

if (await run('codegen:web')) process.exit(1);
const build = async () => (await run('build:server')) || (await run('build:client')) || run('build:web:app');
const [built, lint] = await Promise.all([build(), run('lint')]);
if (built || lint) {
  console.error(`pretest: ${[built && 'the build', lint && 'the lint'].filter(Boolean).join(' and ')} failed`);
  process.exit(1);
}
const ensured = spawnSync(process.execPath, ['dist/bin/ensure-local-services.js', '--for-tests'], { stdio: 'inherit' });
process.exit(ensured.status ?? 1);
