import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { DIST } from './support/processes';

const ROOT = resolve(DIST, '..');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');

describe('README and docs/', () => {
  const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

  it('link only to files of the repository that exist, and to headings that exist', () => {
    expect(pages).to.include.members(['docs/architecture.md', 'docs/configuration.md', 'docs/cli.md', 'docs/benchmarks.md']);
    const problems: string[] = [];
    for (const page of pages) {
      const text = readFileSync(join(ROOT, page), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue; // a web address
        const [file, anchor] = target!.split('#') as [string, string | undefined];
        const path = file ? relative(ROOT, resolve(ROOT, dirname(page), file)) : page;
        if (path.startsWith('..')) problems.push(`${page}: ${target} is outside the repository`);
        else if (!existsSync(join(ROOT, path))) problems.push(`${page}: ${target} does not exist`);
        else if (anchor) {
          const headings = [...readFileSync(join(ROOT, path), 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!));
          if (!headings.includes(anchor)) problems.push(`${page}: ${target} names no heading of ${path}`);
        }
      }
      // Paths in code spans count too: the README once named the contract as `../shared/spec/...`.
      for (const [, span] of text.matchAll(/`([^`\s]*\.\.\/[^`\s]*)`/g)) {
        if (relative(ROOT, resolve(ROOT, dirname(page), span!)).startsWith('..')) problems.push(`${page}: \`${span}\` is outside the repository`);
      }
    }
    expect(problems).to.deep.equal([]);
  });

  it('the README is a short first page: what it is, the two commands, the demo, a quickstart per user (the customer too), the docs', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect([...readme.matchAll(/^##+ (.+)$/gm)].map((m) => m[1])).to.deep.equal([
      'What exists today', 'Two commands', 'Demo', 'Quickstarts',
      'CRM integrator: one case from creation to decision, in test mode', 'Analyst', 'Customer', 'Webhook receiver', 'AI connector', 'Documentation',
    ]);
    expect(readme.split('\n').length).to.be.below(160);
  });
});
