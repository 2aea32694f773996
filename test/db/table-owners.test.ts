import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST } from '../support/processes';

const ROOT = resolve(DIST, '..');

/** What test/db/table-owners.test.ts uses of scripts/feature-graph.mjs (the scanner of docs/architecture.md's table owners). */
interface Write { table: string; line: number; statement: string }
interface FeatureWrite { feature: string; file: string; line: number; statement: string }
interface TableOwner { table: string; owner: [string, number] | undefined; others: [string, number][]; foreign: FeatureWrite[] }
interface FeatureGraph {
  build(): { owners: TableOwner[] };
  foreignWrites(graph: { owners: TableOwner[] }): string[];
  writesOfSource(file: string, text: string, entityTable: Map<string, string>): Write[];
}
const featureGraph = (): Promise<FeatureGraph> => import(pathToFileURL(join(ROOT, 'scripts', 'feature-graph.mjs')).href) as Promise<FeatureGraph>;

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

describe('table owners: every table is written by one feature only (scripts/feature-graph.mjs)', () => {
  let graph: FeatureGraph;
  before(async () => { graph = await featureGraph(); });

  it('recognises the writes to each table: SQL in string literals and TypeORM writes on an entity, not reads', () => {
    const source = [
      'export async function f(db: Queryable, tx: Tx) {',
      "  await db.query('UPDATE documents SET status = ? WHERE org_id = ?');",
      '  await db.query(`UPDATE screening_hits h JOIN cases c ON c.pk = h.case_pk',
      '    SET c.pep_hits = 1, h.seen = 1 WHERE h.org_id = ?`);',
      "  await db.query('INSERT IGNORE INTO `events` (a) VALUES (?) ON DUPLICATE KEY UPDATE a = VALUES(a)');",
      "  await db.query('REPLACE INTO invites (a) VALUES (?)');",
      "  await db.query('DELETE FROM outreach_reminders WHERE org_id = ?');",
      "  await db.query('DELETE t FROM member_tokens t JOIN members m ON m.id = t.member_id WHERE m.org_id = ?');",
      '  await tx.manager.update(Member, { id }, { role });',
      '  await tx.manager.insert(Member, member);',
      '  await db.manager.createQueryBuilder().delete().from(Member).execute();',
      // Reads: none of these writes.
      "  await db.query('SELECT pk FROM cases WHERE org_id = ? FOR UPDATE');",
      "  await db.query('SELECT 1 FROM documents d JOIN cases c ON c.pk = d.case_pk');",
      '  await tx.manager.findOneBy(Member, { id });',
      '  await db.manager.createQueryBuilder().select().from(Member).getMany();',
      '}',
    ].join('\n');
    const writes = graph.writesOfSource('sample.ts', source, new Map([['Member', 'members']]));
    expect(writes.map((w) => `${w.line} ${w.table}`)).to.have.members([
      '2 documents', '3 cases', '3 screening_hits', '5 events', '6 invites', '7 outreach_reminders', '8 member_tokens',
      '9 members', '10 members', '11 members',
    ]);
    expect(writes.find((w) => w.table === 'invites')!.statement).to.equal('REPLACE INTO invites (a) VALUES (?)');
  });

  it('finds, for every table the migrations create, all its INSERT, REPLACE, UPDATE and DELETE statements in one feature of src/', async () => {
    const { owners } = graph.build();
    const created = new Set<string>();
    for (const name of readdirSync(join(ROOT, 'migrations')).filter((n) => n.endsWith('.ts'))) {
      for (const m of readFileSync(join(ROOT, 'migrations', name), 'utf8').matchAll(/\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?`?(\w+)`?/gi)) created.add(m[1]!);
    }
    expect(owners.map((o) => o.table)).to.have.members([...created]);
    expect(owners.length).to.be.greaterThan(50);
    expect(owners.filter((o) => !o.owner).map((o) => o.table), 'tables no feature writes (is the scanner blind to their writes?)').to.deep.equal([]);
    expect(owners.find((o) => o.table === 'cases')!.owner![0]).to.equal('cases');
    expect(owners.find((o) => o.table === 'members')!.owner![0]).to.equal('tenants');
    const foreign = graph.foreignWrites({ owners });
    expect(foreign, `write each table through a named function of its owner's index:\n${foreign.join('\n')}`).to.deep.equal([]);
    expect(owners.filter((o) => o.others.length).map((o) => o.table)).to.deep.equal([]);
  });

  it('names each foreign write by file and line, and what to do instead', () => {
    const foreign = graph.foreignWrites({
      owners: [
        { table: 'documents', owner: ['documents', 6], others: [['retention', 1]], foreign: [{ feature: 'retention', file: 'src/retention/x.ts', line: 12, statement: 'UPDATE documents SET filename = ...' }] },
        { table: 'cases', owner: ['cases', 15], others: [], foreign: [] },
      ],
    });
    expect(foreign).to.deep.equal([[
      'table documents is owned by src/documents (6 writes) but also written by src/retention:',
      '  src/retention/x.ts:12: UPDATE documents SET filename = ...',
      '  move the write into a function of src/documents (its repository), exported through its index.ts, and call that',
    ].join('\n')]);
  });
});
