import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInThisContext } from 'node:vm';
import ts from 'typescript';

/**
 * Loads a pure module of the web app (no imports) for a unit test. web/ is not part of the server's
 * TypeScript program (and Vite empties dist/web on every build), so the module is transpiled from its
 * source here. `T` is the test's own description of the exports it uses.
 */
export function loadWebModule<T>(pathFromRoot: string): T {
  const file = resolve(__dirname, '../../..', pathFromRoot);
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 }, fileName: file,
  });
  const exports: Record<string, unknown> = {};
  (runInThisContext(`(function (exports) {${outputText}\n})`, { filename: file }) as (e: object) => void)(exports);
  return exports as T;
}
