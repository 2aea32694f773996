#!/usr/bin/env node
// Draws the features of src/ and the tables they write, for docs/architecture.md.
//
//   node scripts/feature-graph.mjs           print the generated block
//   node scripts/feature-graph.mjs --write   refresh the block between the markers of docs/architecture.md
//   node scripts/feature-graph.mjs --check   exit 1 when that block differs from what this script prints,
//                                            when a table is written outside its owning feature, or when the
//                                            feature graph has a cycle (a strongly connected group)
//   --doc=<path>                             another page than docs/architecture.md (tests use it)
//
// A feature is the first folder under src/; the files at src/'s top level (config.ts, services.ts ...)
// and src/platform/ are "platform". An edge a -> b is any import or re-export (type-only ones too) from
// a file of a into a file of b. The table owners come from the SQL of src/ (INSERT/REPLACE INTO, UPDATE,
// DELETE FROM in string literals; the tables a multi-table UPDATE sets and a multi-table DELETE names)
// and TypeORM writes (insert/update/delete/save/... on an @Entity class): the owner is the feature with
// the most write statements on the table; the tables are those the migrations create. Each table has
// one owner: a write by any other feature is a foreign write, which --check refuses and
// test/db/table-owners.test.ts (importing build, foreignWrites and writesOfSource) lists.
// The output is sorted so that it only changes when the code does.
import { readdirSync, readFileSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { join, dirname, resolve, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');
const START = '<!-- feature-graph:start -->';
const END = '<!-- feature-graph:end -->';
const PLATFORM = 'platform';

function walk(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) { if (name !== 'generated' && name !== 'node_modules') walk(p, out); }
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const featureOf = (file) => {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 ? parts[0] : PLATFORM;
};

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const cand of [base + '.ts', base + '.tsx', join(base, 'index.ts'), join(base, 'index.tsx'), base]) {
    if (existsSync(cand) && statSync(cand).isFile()) return cand;
  }
  return null;
}

/** Every module specifier, string literal (with its line) and @Entity('table') of one source text. */
function scan(file, text = readFileSync(file, 'utf8')) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lineOf = (node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const imports = [];
  const strings = []; // [text, line]
  const entities = []; // [className, table]
  const ormCalls = []; // [method, firstArgName, receiverText, line]
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      imports.push(node.moduleSpecifier.text);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      strings.push([node.text, lineOf(node)]);
    } else if (ts.isTemplateExpression(node)) {
      strings.push([[node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' '), lineOf(node)]);
    } else if (ts.isClassDeclaration(node) && node.name) {
      for (const d of ts.getDecorators(node) ?? []) {
        const e = d.expression;
        if (ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'Entity' && e.arguments[0] && ts.isStringLiteral(e.arguments[0])) {
          entities.push([node.name.text, e.arguments[0].text]);
        }
      }
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.arguments[0] && ts.isIdentifier(node.arguments[0])) {
      ormCalls.push([node.expression.name.text, node.arguments[0].text, node.expression.expression.getText(sf), lineOf(node)]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { imports, strings, entities, ormCalls };
}

/** The tables the migrations create. */
function migrationTables() {
  const tables = new Set();
  const dir = join(ROOT, 'migrations');
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.ts')) continue;
    for (const m of readFileSync(join(dir, name), 'utf8').matchAll(/\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?`?(\w+)`?/gi)) tables.add(m[1]);
  }
  return tables;
}

// A name in SQL, back-quoted or not (group 1).
const NAME = '`?(\\w+)`?';

/** The text's parts at parenthesis depth 0 between the separators `sep` matches (a regex source). */
function splitTop(text, sep) {
  const parts = [];
  let depth = 0; let from = 0;
  const re = new RegExp(`[()]|${sep}`, 'gi');
  for (const m of text.matchAll(re)) {
    if (m[0] === '(') depth++;
    else if (m[0] === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) { parts.push(text.slice(from, m.index)); from = m.index + m[0].length; }
  }
  parts.push(text.slice(from));
  return parts;
}

/** Where the first depth-0 match of `re` (a regex source) starts in text, or -1. */
function indexTop(text, re) {
  let depth = 0;
  for (const m of text.matchAll(new RegExp(`[()]|${re}`, 'gi'))) {
    if (m[0] === '(') depth++;
    else if (m[0] === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) return m.index;
  }
  return -1;
}

const JOIN = '\\b(?:(?:INNER|CROSS|LEFT|RIGHT|NATURAL)\\s+(?:OUTER\\s+)?)?(?:JOIN|STRAIGHT_JOIN)\\b|,';
const NOT_ALIAS = /^(?:ON|USING|WHERE|SET|JOIN|INNER|LEFT|RIGHT|CROSS|NATURAL|STRAIGHT_JOIN|ORDER|LIMIT|FROM)$/i;

/** A table list (`t1 a JOIN t2 AS b ON …, t3`): its tables in order, and each alias (and name) to its table. */
function tableRefs(list) {
  const tables = [];
  const byAlias = new Map();
  for (const part of splitTop(list, JOIN)) {
    const m = part.match(new RegExp(`^\\s*${NAME}(?:\\s+(?:AS\\s+)?${NAME})?`, 'i'));
    if (!m) continue; // a derived table ( … ) alias: not written
    tables.push(m[1]);
    byAlias.set(m[1].toLowerCase(), m[1]);
    if (m[2] && !NOT_ALIAS.test(m[2])) byAlias.set(m[2].toLowerCase(), m[1]);
  }
  return { tables, byAlias };
}

/**
 * The tables one SQL text writes, each with where its statement starts: INSERT/REPLACE [modifiers]
 * [INTO] t; UPDATE [modifiers] t (a multi-table UPDATE writes each table whose alias its SET assigns;
 * FOR UPDATE and ON DUPLICATE KEY UPDATE are not statements); DELETE [modifiers] FROM t, and
 * DELETE a[, b] FROM <tables> (each table named before FROM). Names that are not tables (prose that
 * reads like SQL) are for the caller to drop.
 */
export function sqlWrites(text) {
  const found = [];
  for (const m of text.matchAll(/\b(?:INSERT|REPLACE)\s+(?:(?:LOW_PRIORITY|DELAYED|HIGH_PRIORITY|IGNORE)\s+)*(?:INTO\s+)?`?(\w+)`?/gi)) {
    found.push({ table: m[1], index: m.index });
  }
  for (const m of text.matchAll(/(?<!\bFOR\s+|\bKEY\s+)\bUPDATE\s+(?:(?:LOW_PRIORITY|IGNORE)\s+)*/gi)) {
    const rest = text.slice(m.index + m[0].length);
    const set = indexTop(rest, '\\bSET\\b');
    const { tables, byAlias } = tableRefs(set < 0 ? rest : rest.slice(0, set));
    if (!tables.length) continue;
    const written = new Set();
    if (tables.length > 1 && set >= 0) {
      let assignments = rest.slice(set + 3);
      const end = indexTop(assignments, '\\bWHERE\\b|\\bORDER\\s+BY\\b|\\bLIMIT\\b|;');
      if (end >= 0) assignments = assignments.slice(0, end);
      for (const a of splitTop(assignments, ',')) {
        const target = a.match(new RegExp(`^\\s*(?:${NAME}\\s*\\.\\s*)?\`?\\w+\`?\\s*=`));
        if (target) written.add(target[1] ? byAlias.get(target[1].toLowerCase()) ?? target[1] : tables[0]);
      }
    }
    if (!written.size) written.add(tables[0]);
    for (const table of written) found.push({ table, index: m.index });
  }
  for (const m of text.matchAll(/\bDELETE\s+(?:(?:LOW_PRIORITY|QUICK|IGNORE)\s+)*([\w\s,.*`]{0,80}?)\s*\bFROM\s+/gi)) {
    const rest = text.slice(m.index + m[0].length);
    const end = indexTop(rest, '\\bWHERE\\b|\\bORDER\\s+BY\\b|\\bLIMIT\\b|\\bUSING\\b|;');
    const { tables, byAlias } = tableRefs(end < 0 ? rest : rest.slice(0, end));
    if (!tables.length) continue;
    const targets = m[1].split(',').map((t) => t.trim().replace(/\.\*$/, '').replace(/`/g, '')).filter(Boolean);
    const written = targets.length ? targets.map((t) => byAlias.get(t.toLowerCase()) ?? t) : [tables[0]];
    for (const table of new Set(written)) found.push({ table, index: m.index });
  }
  return found.sort((a, b) => a.index - b.index);
}
const ORM_WRITES = new Set(['insert', 'update', 'delete', 'save', 'remove', 'upsert', 'increment', 'decrement', 'softDelete', 'restore', 'into', 'from']);

/**
 * The writes of one source text: [{ table, line, statement }] for each table a write statement of its
 * string literals names, and each TypeORM write on an entity of `entityTable` (class name -> table).
 */
export function writesOfSource(file, text, entityTable) {
  return writesOf(scan(file, text), entityTable);
}

function writesOf({ strings, ormCalls }, entityTable) {
  const writes = [];
  for (const [s, line] of strings) {
    for (const { table, index } of sqlWrites(s)) {
      writes.push({ table, line: line + s.slice(0, index).split('\n').length - 1, statement: s.slice(index).replace(/\s+/g, ' ').trim().slice(0, 70) });
    }
  }
  for (const [method, arg, receiver, line] of ormCalls) {
    if (!ORM_WRITES.has(method) || !entityTable.has(arg)) continue;
    // A query builder's .from(E) / .into(E) writes only after .delete() / .insert().
    if ((method === 'from' && !/\.delete\(\)\s*$/.test(receiver)) || (method === 'into' && !/\.insert\(\)\s*$/.test(receiver))) continue;
    writes.push({ table: entityTable.get(arg), line, statement: `${receiver}.${method}(${arg}, …)`.replace(/\s+/g, ' ').slice(-70) });
  }
  return writes;
}

export function build() {
  const files = walk(SRC);
  const scanned = new Map(files.map((f) => [f, scan(f)]));
  const features = new Set(files.map(featureOf));
  const edges = new Map([...features].map((f) => [f, new Set()]));
  for (const [file, { imports }] of scanned) {
    const a = featureOf(file);
    for (const spec of imports) {
      const target = resolveImport(file, spec);
      if (!target || !target.startsWith(SRC + sep)) continue;
      const b = featureOf(target);
      if (a !== b) edges.get(a).add(b);
    }
  }

  // Strongly connected groups (Tarjan), visited in name order.
  let counter = 0; const stack = []; const onStack = new Set(); const idx = new Map(); const low = new Map(); const groups = [];
  const strong = (v) => {
    idx.set(v, counter); low.set(v, counter); counter++; stack.push(v); onStack.add(v);
    for (const w of [...edges.get(v)].sort()) {
      if (!idx.has(w)) { strong(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const group = []; let w;
      do { w = stack.pop(); onStack.delete(w); group.push(w); } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...features].sort()) if (!idx.has(v)) strong(v);
  groups.sort((x, y) => y.length - x.length || x[0].localeCompare(y[0]));

  // Writes per table and feature.
  const tables = migrationTables();
  const entityTable = new Map();
  for (const { entities } of scanned.values()) for (const [cls, table] of entities) entityTable.set(cls, table);
  const writes = new Map([...tables].map((t) => [t, []]));
  for (const file of files) {
    const feature = featureOf(file);
    for (const w of writesOf(scanned.get(file), entityTable)) {
      writes.get(w.table)?.push({ feature, file: relative(ROOT, file).split(sep).join('/'), line: w.line, statement: w.statement });
    }
  }
  const owners = [...tables].sort().map((table) => {
    const byFeature = new Map();
    for (const w of writes.get(table)) byFeature.set(w.feature, (byFeature.get(w.feature) ?? 0) + 1);
    const ranked = [...byFeature].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]));
    const owner = ranked[0];
    return { table, owner, others: ranked.slice(1), foreign: owner ? writes.get(table).filter((w) => w.feature !== owner[0]) : [] };
  });
  return { features: [...features].sort(), edges, groups, owners };
}

/**
 * Each table written outside its owning feature, as one message per table naming the foreign writes
 * (file:line and the statement's start) and what to do instead; empty when every table has one writer.
 */
export function foreignWrites({ owners }) {
  return owners.filter((o) => o.foreign.length).map(({ table, owner, foreign }) => [
    `table ${table} is owned by src/${owner[0]} (${owner[1]} writes) but also written by ${[...new Set(foreign.map((w) => `src/${w.feature}`))].join(', ')}:`,
    ...foreign.map((w) => `  ${w.file}:${w.line}: ${w.statement}`),
    `  move the write into a function of src/${owner[0]} (its repository), exported through its index.ts, and call that`,
  ].join('\n'));
}

export function render({ features, edges, groups, owners }) {
  const inGroup = new Set(groups.flat());
  const edgeCount = [...edges.values()].reduce((n, s) => n + s.size, 0);
  const id = (f) => f.replace(/[^\w]/g, '_');
  const lines = [
    START,
    '<!-- Generated by `npm run docs:graph` (scripts/feature-graph.mjs); `npm run lint` fails when it is stale. Do not edit by hand. -->',
    '',
    `${features.length} features, ${edgeCount} feature-to-feature import edges, ${groups.length} strongly connected group${groups.length === 1 ? '' : 's'} (cycles)` +
      `${groups.length ? `: ${groups.map((g) => g.length).join(', ')} features` : ''}. Features in a cycle are drawn red.`,
    '',
    '```mermaid',
    'graph LR',
  ];
  for (const f of features) lines.push(`  ${id(f)}[${f}]`);
  for (const a of features) for (const b of [...edges.get(a)].sort()) lines.push(`  ${id(a)} --> ${id(b)}`);
  if (inGroup.size) {
    lines.push('  classDef cycle fill:#fde2e2,stroke:#c62828,color:#000');
    lines.push(`  class ${[...inGroup].sort().map(id).join(',')} cycle`);
  }
  lines.push('```', '');
  lines.push('Strongly connected groups (every feature of a group reaches every other through imports):', '');
  if (groups.length) groups.forEach((g, i) => lines.push(`${i + 1}. ${g.length} features: ${g.map((f) => `\`${f}\``).join(', ')}`));
  else lines.push('None: the feature graph is acyclic.');
  lines.push('', 'Outside any group: ' + (features.filter((f) => !inGroup.has(f)).map((f) => `\`${f}\``).join(', ') || 'none') + '.');
  lines.push('', '| Table | Owner (most writes) | Writes | Also written by |', '| --- | --- | --- | --- |');
  for (const { table, owner, others } of owners) {
    lines.push(`| \`${table}\` | ${owner ? `\`${owner[0]}\`` : '(none)'} | ${owner ? owner[1] : 0} | ${others.map(([f, n]) => `\`${f}\` (${n})`).join(', ')} |`);
  }
  lines.push(END);
  return lines.join('\n');
}

/** Why --check fails on the graph itself: one line per strongly connected group (a cycle); none when it is acyclic. */
export function cycleErrors({ groups }) {
  return groups.map((g) =>
    `The feature graph has a cycle: ${g.join(', ')} reach one another through imports (a strongly connected group of ${g.length}). ` +
    'Features import one another in one direction only: drop or turn around an import of the cycle (node scripts/feature-graph.mjs prints the edges).');
}

function main(argv) {
  const docArg = argv.find((a) => a.startsWith('--doc='));
  const doc = docArg ? resolve(docArg.slice('--doc='.length)) : join(ROOT, 'docs', 'architecture.md');
  if (!argv.includes('--write') && !argv.includes('--check')) { console.log(render(build())); return 0; }
  const page = readFileSync(doc, 'utf8');
  const from = page.indexOf(START);
  const to = page.indexOf(END);
  if (from < 0 || to < from) {
    console.error(`${relative(ROOT, doc)} has no ${START} ... ${END} block: add the two markers where the graph goes, then run npm run docs:graph`);
    return 1;
  }
  const current = page.slice(from, to + END.length);
  const graph = build();
  const block = render(graph);
  if (argv.includes('--check')) {
    // The feature graph must stay acyclic and each table written by its owner alone (issue 25), whatever the page says.
    const problems = [...cycleErrors(graph), ...foreignWrites(graph)];
    if (current !== block) problems.push(`${relative(ROOT, doc)} is stale: run npm run docs:graph`);
    for (const p of problems) console.error(p);
    return problems.length ? 1 : 0;
  }
  if (current !== block) writeFileSync(doc, page.slice(0, from) + block + page.slice(to + END.length));
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
