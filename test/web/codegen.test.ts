import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { expect } from 'chai';
import type { Env } from '../../src/platform/index';
import { DIST, runNode } from '../support/processes';

const ROOT = resolve(DIST, '..');

/** web/codegen.mjs: the typed documents of the web app, and the build's refusal of an operation that no longer matches the schema. */
describe('web GraphQL codegen', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'web-codegen-'));
    await mkdir(join(dir, 'src', 'pages'), { recursive: true });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const run = () => runNode('../web/codegen.mjs', ['--schema', join(ROOT, 'schema.graphql'), '--src', join(dir, 'src')], process.env as Env, 30_000);
  const page = (name: string, text: string) => writeFile(join(dir, 'src', 'pages', name), text);

  it('types each operation of the committed schema.graphql and maps its text to its document', async () => {
    await page('status.tsx', "import { graphql } from '../gql';\nexport const Q = graphql(`\n  query Probe {\n    health {\n      ready\n      mysql\n    }\n  }\n`);\n");
    const done = await run();
    expect(done.stderr).to.equal('');
    expect(done.code).to.equal(0);
    expect(done.stdout).to.match(/^codegen: 1 operation document\(s\) -> .*\/src\/gql\/ \(graphql\.ts, gql\.ts, index\.ts\)\n$/);
    const types = await readFile(join(dir, 'src', 'gql', 'graphql.ts'), 'utf8');
    expect(types).to.contain("export type ProbeQuery = { __typename?: 'Query', health: { __typename?: 'Health', ready: boolean, mysql: string } };");
    expect(types).to.contain('export const ProbeDocument = new TypedDocumentString(`');
    const map = await readFile(join(dir, 'src', 'gql', 'gql.ts'), 'utf8');
    expect(map).to.contain('export function graphql(source: "\\n  query Probe {\\n    health {\\n      ready\\n      mysql\\n    }\\n  }\\n"): typeof import(\'./graphql\').ProbeDocument;');
  });

  it('fails, naming file, line and column, when an operation asks for what the schema does not have', async () => {
    await page('a.tsx', "import { graphql } from '../gql';\n\nexport const Q = graphql(`\n  query Gone {\n    health {\n      ready\n      uptime\n    }\n  }\n`);\n");
    await page('b.ts', 'export const R = graphql(`query Two($x: Boolean) { health { ready } }`);\n');
    const done = await run();
    expect(done.code).to.equal(1);
    const at = relative(ROOT, join(dir, 'src', 'pages'));
    expect(done.stderr).to.equal([
      'codegen: 2 operation(s) do not match schema.graphql:',
      `  ${at}/a.tsx:7:7: Cannot query field "uptime" on type "Health".`,
      `  ${at}/b.ts:1:37: Variable "$x" is never used in operation "Two".`,
      '',
    ].join('\n'));
  });

  it('refuses a graphql() call that is not one plain template literal (it could not be typed)', async () => {
    await page('c.ts', 'const f = "ready";\nexport const S = graphql(`query Three { health { ${f} } }`);\n');
    const done = await run();
    expect(done.code).to.equal(1);
    expect(done.stderr).to.match(/^codegen: .*src\/pages\/c\.ts: graphql\(\) takes one template literal without \$\{\} substitutions or escapes\n$/);
  });
});
