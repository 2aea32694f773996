import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, runNode } from './support/processes';

const ROOT = resolve(DIST, '..');
const SCRIPT = join('..', 'scripts', 'feature-graph.mjs'); // runNode resolves it from dist/
const PAGE = join(ROOT, 'docs', 'architecture.md');
const START = '<!-- feature-graph:start -->';
const END = '<!-- feature-graph:end -->';
const env = { PATH: process.env.PATH ?? '' };

describe('docs/architecture.md: the feature graph and table owners (scripts/feature-graph.mjs)', function () {
  // Each run of the script parses all of src/ (3.5 s alone, 15 s and more under the parallel suite on a slow
  // machine) and one test runs it twice.
  this.timeout(120_000);
  let dir: string;
  before(() => { dir = mkdtempSync(join(tmpdir(), 'feature-graph-')); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the generated block, up to date with src/', async () => {
    const page = readFileSync(PAGE, 'utf8');
    const block = page.slice(page.indexOf(START), page.indexOf(END));
    expect(page.indexOf(START)).to.be.greaterThan(0);
    expect(block).to.include('```mermaid\ngraph LR\n');
    expect(block).to.include('| Table | Owner (most writes) | Writes | Also written by |');
    expect(block).to.match(/^\| `cases` \| `cases` \| \d+ \| {2}\|$/m);
    const checked = await runNode(SCRIPT, ['--check'], env);
    expect(checked.stderr).to.equal('');
    expect(checked.code).to.equal(0);
  });

  it('--check fails on a stale block saying how to refresh it, and --write refreshes it', async () => {
    const page = readFileSync(PAGE, 'utf8');
    const copy = join(dir, 'architecture.md');
    writeFileSync(copy, page.replace(/\n {2}cases --> \w+\n/, '\n'));
    expect(readFileSync(copy, 'utf8')).to.not.equal(page);
    const stale = await runNode(SCRIPT, ['--check', `--doc=${copy}`], env);
    expect(stale.code).to.equal(1);
    expect(stale.stderr).to.include('is stale: run npm run docs:graph');
    const written = await runNode(SCRIPT, ['--write', `--doc=${copy}`], env);
    expect(written.code).to.equal(0);
    expect(readFileSync(copy, 'utf8')).to.equal(page);
  });

  it('finds no cycle between the features of src/, and --check names the features of any cycle', async () => {
    const graph = (await import(pathToFileURL(join(ROOT, 'scripts', 'feature-graph.mjs')).href)) as {
      build(): { groups: string[][] };
      cycleErrors(graph: { groups: string[][] }): string[];
    };
    expect(graph.build().groups).to.deep.equal([]);
    expect(graph.cycleErrors({ groups: [] })).to.deep.equal([]);
    const errors = graph.cycleErrors({ groups: [['cases', 'events', 'platform']] });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.include('The feature graph has a cycle: cases, events, platform reach one another through imports');
  });

  it('--check fails on a page without the markers', async () => {
    const copy = join(dir, 'no-markers.md');
    writeFileSync(copy, '# Architecture\n');
    const res = await runNode(SCRIPT, ['--check', `--doc=${copy}`], env);
    expect(res.code).to.equal(1);
    expect(res.stderr).to.include(`no ${START} ... ${END} block`);
  });
});
