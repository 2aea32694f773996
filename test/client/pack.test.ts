import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ROOT } from '../../scripts/generate-client-types';

const PACKAGE = join(ROOT, 'packages', 'client');
const MODULES = ['client', 'errors', 'generated/events', 'generated/openapi', 'http', 'index', 'paging', 'token', 'webhooks'];

describe('client package: npm pack', function () {
  this.timeout(120_000);

  it('`npm pack --dry-run` builds it (prepack) and lists its compiled modules, their types, README and package.json, nothing else', async () => {
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts=false'], { cwd: PACKAGE, timeout: 110_000 });
    const [pack] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { name: string; files: { path: string }[] }[];
    expect(pack!.name).to.equal('@svc/client');
    const expected = ['README.md', 'package.json', ...MODULES.flatMap((m) => [`dist/${m}.js`, `dist/${m}.d.ts`])];
    expect(pack!.files.map((f) => f.path).sort()).to.deep.equal(expected.sort());
  });

  it('has no runtime dependency: the built modules require only each other and node: built-ins', () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.dependencies ?? {}).to.deep.equal({});
    const sources = readdirSync(join(PACKAGE, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    for (const file of sources) {
      const text = readFileSync(join(PACKAGE, 'src', file), 'utf8');
      for (const [, spec] of text.matchAll(/from '([^']+)'/g)) expect(spec, `${file} imports ${spec}`).to.match(/^(\.\/|node:)/);
    }
  });
});
