import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import ts from 'typescript';
import { ROOT } from '../../scripts/generate-client-types';

describe('client package: docs/client.md', function () {
  this.timeout(60_000);

  it('its TypeScript quickstart type-checks against the package (strict)', () => {
    const page = readFileSync(join(ROOT, 'docs', 'client.md'), 'utf8');
    const block = /```ts\n([\s\S]*?)```/.exec(page)?.[1];
    expect(block, 'a ```ts block').to.be.a('string');
    // The page's Express app, reduced to what the block uses.
    const prelude = 'declare const app: { post(path: string, handler: (req: { body: Buffer; headers: Record<string, string | string[] | undefined> }, '
      + 'res: { status(code: number): { end(): void } }) => unknown): void };\n';
    const dir = mkdtempSync(join(tmpdir(), 'client-doc-'));
    try {
      const file = join(dir, 'quickstart.mts');
      writeFileSync(file, prelude + block!);
      const program = ts.createProgram([file], {
        strict: true, noEmit: true, target: ts.ScriptTarget.ES2023, lib: ['lib.es2023.d.ts'],
        module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16,
        types: ['node'], typeRoots: [join(ROOT, 'node_modules', '@types')], skipLibCheck: true,
        paths: { '@svc/client': [join(ROOT, 'packages', 'client', 'src', 'index.ts')] },
      });
      const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(problems).to.deep.equal([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
