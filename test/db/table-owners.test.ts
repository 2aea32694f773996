import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { DIST } from '../support/processes';

const ROOT = resolve(DIST, '..');

/**
 * The statements that write the `cases` table (the exact name: case_parties or cases_x are other
 * tables): UPDATE cases (or an UPDATE whose table list joins it, before its SET; FOR UPDATE and ON
 * DUPLICATE KEY UPDATE are not statements), INSERT/REPLACE INTO cases and DELETE … FROM cases.
 */
const CASES = '`?cases`?(?![\\w`])';
const NOT_SET = `(?:(?!\\bSET\\b)[^'"\`;]){0,400}?`;
const WRITES = [
  // UPDATE cases …, and an UPDATE whose table list (before its SET) joins cases.
  new RegExp(`(?<!\\bFOR\\s+|\\bKEY\\s+)\\bUPDATE\\s+(?:LOW_PRIORITY\\s+)?(?:IGNORE\\s+)?${CASES}`, 'gi'),
  new RegExp(`(?<!\\bFOR\\s+|\\bKEY\\s+)\\bUPDATE\\s+(?:LOW_PRIORITY\\s+)?(?:IGNORE\\s+)?(?!${CASES})${NOT_SET}(?<![\\w.])${CASES}${NOT_SET}\\bSET\\b`, 'gi'),
  new RegExp(`\\b(?:INSERT|REPLACE)\\s+(?:LOW_PRIORITY\\s+|DELAYED\\s+|HIGH_PRIORITY\\s+)?(?:IGNORE\\s+)?(?:INTO\\s+)?(?<![\\w.])${CASES}`, 'gi'),
  new RegExp(`\\bDELETE\\s+(?:[\\w\\s,]{0,80}?\\s)?FROM\\s+(?<![\\w.])${CASES}`, 'gi'),
];

/** Each write to `cases` in a source text, as `line: statement start`. */
function casesWrites(text: string): string[] {
  const found: string[] = [];
  for (const re of WRITES) {
    for (const m of text.matchAll(re)) found.push(`${text.slice(0, m.index).split('\n').length}: ${m[0].replace(/\s+/g, ' ').slice(0, 60)}`);
  }
  return found;
}

function tsFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) tsFiles(p, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

describe('table owners: only src/cases writes the cases table', () => {
  it('recognises a write to cases, and only to cases', () => {
    const writes = [
      "db.query('UPDATE cases SET risk_score = ? WHERE org_id = ?')",
      'UPDATE cases c JOIN (SELECT 1) s SET c.total_hits = s.total',
      'UPDATE screening_hits h JOIN cases c ON c.pk = h.case_pk SET c.pep_hits = 1',
      'INSERT INTO cases (case_id) VALUES (?)',
      'INSERT IGNORE INTO `cases` (case_id) VALUES (?)',
      'DELETE FROM cases WHERE org_id = ?',
      'DELETE c FROM cases c WHERE c.org_id = ?',
    ];
    for (const sql of writes) expect(casesWrites(sql), sql).to.have.length(1);
    const others = [
      'UPDATE case_parties SET name = ? WHERE org_id = ?',
      'UPDATE cases_x SET a = 1',
      'INSERT INTO case_parties (org_id) VALUES (?)',
      'DELETE FROM cases_archive WHERE org_id = ?',
      "SELECT pk FROM cases WHERE org_id = ? AND pk = ? FOR UPDATE', [orgId, casePk]); await db.query('UPDATE documents SET x = 1",
      'INSERT INTO events (a) VALUES (?) ON DUPLICATE KEY UPDATE a = VALUES(a)',
      "UPDATE documents SET n = (SELECT COUNT(*) FROM cases WHERE org_id = ?)",
    ];
    for (const sql of others) expect(casesWrites(sql), sql).to.deep.equal([]);
  });

  it('finds no UPDATE, INSERT INTO or DELETE FROM on cases in a source file of src/ outside src/cases', () => {
    const src = join(ROOT, 'src');
    const files = tsFiles(src);
    expect(files.length).to.be.greaterThan(100);
    const foreign: string[] = [];
    for (const file of files) {
      if (relative(src, file).split(sep)[0] === 'cases') continue;
      for (const w of casesWrites(readFileSync(file, 'utf8'))) foreign.push(`${relative(ROOT, file)}:${w}`);
    }
    expect(foreign, 'write cases through a named function of src/cases (its *.repository.ts files)').to.deep.equal([]);
  });
});
