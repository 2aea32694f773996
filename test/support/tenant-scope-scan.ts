import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Reads the SQL of src/ (with the TypeScript compiler's parser, as scripts/feature-graph.mjs does) and
 * tells, for each statement, whether it restricts by tenant and whether it is issued through
 * `crossTenant(db, reason)` (src/db/cross-tenant.ts).
 *
 * Statements:
 * - SQL: a string literal or template whose text starts with SELECT/WITH (with a FROM), INSERT, REPLACE,
 *   UPDATE or DELETE (upper case, as all of src/ writes SQL), and a template that starts with
 *   `${NAME}` or `${name(...)}` where NAME is such a literal (a shared SELECT ... FROM head).
 * - TypeORM: `x.find|findOneBy|count|update|delete|insert|...(Entity, criteria)` with an @Entity class
 *   of src/, and `x.createQueryBuilder()...` chains.
 *
 * Restricted ("scoped"):
 * - SQL: `org_id = ?`, `org_id <=> ?` or `org_id IN (?` (a `${...}` counts as the parameter), in the
 *   statement or in the declarations of the variables it interpolates (a `where` list starting with
 *   `org_id = ?`); an INSERT/REPLACE ... VALUES that lists org_id; or a row of the tenants table by its
 *   own id (`tenants WHERE id = ?`, `tenants t ... t.id = ?`): the tenants table's key is the org id.
 * - TypeORM: the criteria (or inserted values) name `orgId`; for the Tenant entity, `id` (not `Not(...)`).
 *
 * Marked: the literal is reached from the first argument of `h.query(...)` (through the variables and
 * functions of its file that argument names), or the TypeORM call is made on `h`, where `h` is
 * `crossTenant(db, 'reason')`, `crossTenant(...).manager` or a variable holding one.
 */
export interface ScannedStatement {
  /** Path relative to the checkout, e.g. src/events/relay.ts. */
  file: string;
  line: number;
  kind: 'sql' | 'typeorm';
  /** The statement's text on one line (templates keep their `${...}`). */
  text: string;
  scoped: boolean;
  /** The crossTenant reason it is issued with, or null. */
  reason: string | null;
}

const VERB = /^\s*(?:SELECT|WITH|INSERT|REPLACE|UPDATE|DELETE)\s/;
const ORM_METHODS = new Set([
  'find', 'findBy', 'findOne', 'findOneBy', 'findOneOrFail', 'findOneByOrFail', 'findAndCount', 'findAndCountBy',
  'count', 'countBy', 'exists', 'existsBy', 'sum', 'average', 'minimum', 'maximum',
  'update', 'delete', 'softDelete', 'restore', 'increment', 'decrement', 'insert', 'save', 'upsert',
]);

/** Whether a literal's text is the head of an SQL statement on a table. */
export function isStatementHead(text: string): boolean {
  if (!VERB.test(text)) return false;
  return /^\s*(?:SELECT|WITH)\s/.test(text) ? /\bFROM\s/.test(text) : true;
}

/** The TypeORM methods whose second argument is the rows written (which carry their orgId), not criteria. */
const WRITES_ROWS = new Set(['insert', 'save', 'upsert']);

const PARAM = String.raw`(?:\?|\$\{)`;

/** Whether an SQL statement's text restricts it to one tenant (see the comment above). */
export function restrictsToTenant(sql: string): boolean {
  if (new RegExp(String.raw`\borg_id\s*(?:=|<=>)\s*\(?\s*${PARAM}`, 'i').test(sql)) return true;
  if (new RegExp(String.raw`\borg_id\s+IN\s*\(\s*${PARAM}`, 'i').test(sql)) return true;
  if (/^\s*(?:INSERT|REPLACE)\s[^;]*?\([^()]*\borg_id\b[^()]*\)\s*VALUES\b/i.test(sql) && !/\bSELECT\s/i.test(sql)) return true;
  for (const m of sql.matchAll(/\b(?:FROM|JOIN|UPDATE)\s+`?tenants`?(?:\s+(?:AS\s+)?(?!(?:WHERE|JOIN|LEFT|INNER|SET|ON|FOR|ORDER|LIMIT|GROUP)\b)(\w+))?/gi)) {
    const alias = m[1];
    const key = alias ? String.raw`\b(?:${alias}|tenants)\.id` : String.raw`(?<![.\w])(?:tenants\.)?id`;
    if (new RegExp(String.raw`${key}\s*(?:=\s*|IN\s*\(\s*)${PARAM}`, 'i').test(sql)) return true;
  }
  return false;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'generated' && name !== 'node_modules') walk(p, out);
    } else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const isLiteral = (n: ts.Node): n is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression =>
  ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n);

function literalText(n: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression, sf: ts.SourceFile): string {
  if (!ts.isTemplateExpression(n)) return n.text;
  return n.head.text + n.templateSpans.map((s) => `\${${s.expression.getText(sf)}}${s.literal.text}`).join('');
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Scans every .ts file under `root`/src. */
export function scanTenantScope(root: string): ScannedStatement[] {
  const files = new Map<string, ts.SourceFile>();
  for (const f of walk(join(root, 'src'))) files.set(f, ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true));

  const moduleFile = (from: string, spec: string): string | undefined => {
    if (!spec.startsWith('.')) return undefined;
    const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
    return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((c) => existsSync(c) && files.has(c));
  };

  /** The top-level declaration `name` exported by a file (following `export { name } from './x'`). */
  const exports = new Map<string, ts.Node | undefined>();
  const exported = (file: string, name: string, depth = 0): ts.Node | undefined => {
    const key = `${file}\0${name}`;
    if (!exports.has(key)) exports.set(key, exportedUncached(file, name, depth));
    return exports.get(key);
  };
  const exportedUncached = (file: string, name: string, depth: number): ts.Node | undefined => {
    const sf = files.get(file);
    if (!sf || depth > 5) return undefined;
    const local = declaredIn(sf, name, file, depth);
    if (local) return local;
    for (const s of sf.statements) {
      if (!ts.isExportDeclaration(s) || !s.moduleSpecifier || !ts.isStringLiteral(s.moduleSpecifier)) continue;
      const el = s.exportClause && ts.isNamedExports(s.exportClause) ? s.exportClause.elements.find((e) => e.name.text === name) : undefined;
      const target = moduleFile(file, s.moduleSpecifier.text);
      if (el && target) return exported(target, el.propertyName?.text ?? name, depth + 1);
    }
    return undefined;
  };

  /** A declaration of `name` directly in a scope: a variable, a function, a parameter, or a relative import. */
  function declaredIn(scope: ts.Node, name: string, file: string, depth = 0): ts.Node | undefined {
    if (ts.isFunctionLike(scope)) for (const p of scope.parameters) if (ts.isIdentifier(p.name) && p.name.text === name) return p;
    const statements = ts.isSourceFile(scope) || ts.isBlock(scope) || ts.isModuleBlock(scope) ? scope.statements : [];
    for (const s of statements) {
      if (ts.isVariableStatement(s)) {
        for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name) && d.name.text === name) return d;
      } else if (ts.isFunctionDeclaration(s) && s.name?.text === name) return s;
      else if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && s.importClause?.namedBindings && ts.isNamedImports(s.importClause.namedBindings)) {
        const el = s.importClause.namedBindings.elements.find((e) => e.name.text === name);
        const target = el ? moduleFile(file, s.moduleSpecifier.text) : undefined;
        if (el && target) return exported(target, el.propertyName?.text ?? name, depth + 1);
      }
    }
    return undefined;
  }

  const fileOf = (n: ts.Node) => n.getSourceFile().fileName;
  /** An identifier that names a variable (not the `x` of `a.x` or of `{ x: 1 }`). */
  const isReference = (n: ts.Node): n is ts.Identifier =>
    ts.isIdentifier(n) && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n) && !(ts.isPropertyAssignment(n.parent) && n.parent.name === n);
  /** The declaration an identifier refers to, from its innermost scope outwards. */
  const declarationOf = (id: ts.Identifier): ts.Node | undefined => {
    for (let n: ts.Node | undefined = id.parent; n; n = n.parent) {
      const d = declaredIn(n, id.text, fileOf(id));
      if (d) return d;
    }
    return undefined;
  };

  /** The crossTenant reason of a handle expression, or null. */
  const reasonOf = (e: ts.Expression, seen = new Set<ts.Node>()): string | null => {
    if (seen.has(e)) return null;
    seen.add(e);
    if (ts.isParenthesizedExpression(e) || ts.isAwaitExpression(e)) return reasonOf(e.expression, seen);
    if (ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'crossTenant') {
      const r = e.arguments[1];
      return r && ts.isStringLiteral(r) ? r.text : null;
    }
    if (ts.isPropertyAccessExpression(e) && e.name.text === 'manager') return reasonOf(e.expression, seen);
    if (ts.isIdentifier(e)) {
      const d = declarationOf(e);
      return d && ts.isVariableDeclaration(d) && d.initializer ? reasonOf(d.initializer, seen) : null;
    }
    return null;
  };

  // Literals reached from the SQL argument of a handle's query(), with the handle's reason.
  const marked = new Map<ts.Node, string>();
  const mark = (n: ts.Node, reason: string, seen: Set<ts.Node>) => {
    if (seen.has(n)) return;
    seen.add(n);
    if (isLiteral(n)) marked.set(n, reason);
    if (isReference(n)) {
      const d = declarationOf(n);
      if (d && ts.isVariableDeclaration(d) && d.initializer) mark(d.initializer, reason, seen);
      else if (d && ts.isFunctionDeclaration(d) && d.body) mark(d.body, reason, seen);
    }
    ts.forEachChild(n, (c) => mark(c, reason, seen));
  };

  // Entity classes and their tables.
  const entityTable = new Map<string, string>();
  for (const sf of files.values()) {
    for (const s of sf.statements) {
      if (!ts.isClassDeclaration(s) || !s.name) continue;
      for (const d of ts.getDecorators(s) ?? []) {
        const e = d.expression;
        if (ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'Entity' && e.arguments[0] && ts.isStringLiteral(e.arguments[0])) {
          entityTable.set(s.name.text, e.arguments[0].text);
        }
      }
    }
  }

  /**
   * A node's text with the declarations of the variables it names (one level): where its conditions may
   * live (`where` of `${where.join(' AND ')}`, `{ where }`). With `roots` false, a variable only read
   * through (`client` of `client.id`) is not expanded: its row's tenant is not the statement's condition.
   */
  const expanded = (n: ts.Node, roots = true): string => {
    const parts = [n.getText()];
    const visit = (c: ts.Node) => {
      const root = (ts.isPropertyAccessExpression(c.parent) || ts.isElementAccessExpression(c.parent)) && c.parent.expression === c;
      if (isReference(c) && (roots || !root)) {
        const d = declarationOf(c);
        if (d && ts.isVariableDeclaration(d) && !d.getSourceFile().isDeclarationFile) parts.push(d.getText());
      }
      ts.forEachChild(c, visit);
    };
    visit(n);
    return parts.join('\n');
  };

  /** Whether a template's first `${...}` is a statement head (a variable or function of one). */
  const startsWithHead = (t: ts.TemplateExpression): boolean => {
    if (t.head.text.trim() !== '') return false;
    let e = t.templateSpans[0]!.expression;
    if (ts.isCallExpression(e)) e = e.expression;
    if (!ts.isIdentifier(e)) return false;
    const d = declarationOf(e);
    const body = d && ts.isVariableDeclaration(d) ? d.initializer : d && ts.isFunctionDeclaration(d) ? d.body : undefined;
    let head = false;
    const find = (c: ts.Node) => {
      if (isLiteral(c) && isStatementHead(literalText(c, c.getSourceFile()))) head = true;
      else ts.forEachChild(c, find);
    };
    if (body) find(body);
    return head;
  };

  const out: ScannedStatement[] = [];
  const rel = (f: string) => f.slice(root.length + 1).split('\\').join('/');
  const at = (n: ts.Node) => n.getSourceFile().getLineAndCharacterOfPosition(n.getStart()).line + 1;

  // Pass 1: the handles' query() calls.
  for (const sf of files.values()) {
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'query' && n.arguments[0]) {
        const reason = reasonOf(n.expression.expression);
        if (reason) mark(n.arguments[0], reason, new Set());
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }

  // Pass 2: the statements.
  for (const sf of files.values()) {
    const visit = (n: ts.Node) => {
      if (isLiteral(n)) {
        const text = literalText(n, sf);
        if (isStatementHead(text) || (ts.isTemplateExpression(n) && startsWithHead(n))) {
          out.push({
            file: rel(sf.fileName), line: at(n), kind: 'sql', text: oneLine(text),
            scoped: restrictsToTenant(`${text}\n${ts.isTemplateExpression(n) ? expanded(n) : ''}`), reason: marked.get(n) ?? null,
          });
          return;
        }
      } else if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
        const method = n.expression.name.text;
        const entity = n.arguments[0] && ts.isIdentifier(n.arguments[0]) ? entityTable.get(n.arguments[0].text) : undefined;
        if (ORM_METHODS.has(method) && entity) {
          const criteria = n.arguments[1] ? expanded(n.arguments[1], WRITES_ROWS.has(method)) : '';
          const scoped = entity === 'tenants' ? /(?<![.\w])id\s*:(?!\s*Not\()|\{\s*id\s*[,}]/.test(criteria) : /\borgId\b/.test(criteria);
          out.push({ file: rel(sf.fileName), line: at(n), kind: 'typeorm', text: oneLine(n.getText()), scoped, reason: reasonOf(n.expression.expression) });
        } else if (method === 'createQueryBuilder') {
          let chain: ts.Node = n;
          while ((ts.isPropertyAccessExpression(chain.parent) && chain.parent.expression === chain) || (ts.isCallExpression(chain.parent) && chain.parent.expression === chain)) chain = chain.parent;
          out.push({
            file: rel(sf.fileName), line: at(n), kind: 'typeorm', text: oneLine(chain.getText()),
            scoped: /\borg(?:_id|Id)\b/.test(expanded(chain)), reason: reasonOf(n.expression.expression),
          });
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}
