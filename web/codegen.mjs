// Typed GraphQL documents for the web app: GraphQL Code Generator's client preset, run through
// @graphql-codegen/core (the preset's own code) with a small document finder instead of the CLI, whose
// loaders need Node 22. Reads the committed ../schema.graphql and every `graphql(`...`)` in web/src,
// validates each operation against the schema (an operation that no longer matches fails here, so the
// build fails), and writes web/src/gql/. Run: node web/codegen.mjs (npm run codegen:web).
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codegen } from '@graphql-codegen/core';
import { preset } from '@graphql-codegen/client-preset';
import { buildSchema, GraphQLError, Kind, NoUnusedFragmentsRule, parse, Source, specifiedRules, validate } from 'graphql';

const web = dirname(fileURLToPath(import.meta.url));
const root = join(web, '..');
// Defaults are the app's; tests point them elsewhere (--schema <file> --src <dir> --out <dir>).
const args = Object.fromEntries(process.argv.slice(2).flatMap((a, i, all) => (a.startsWith('--') ? [[a.slice(2), all[i + 1]]] : [])));
const schemaFile = resolve(args.schema ?? join(root, 'schema.graphql'));
const src = resolve(args.src ?? join(web, 'src'));
const out = resolve(args.out ?? join(src, 'gql'));

// `graphql(` followed by one template literal without substitutions (the client preset's convention).
const CALL = /\bgraphql\(\s*`((?:[^`\\$]|\$(?!\{))*)`\s*\)/g;
const ANY_CALL = /\bgraphql\(/g;

async function sourceFiles(dir) {
  const files = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== out) files.push(...(await sourceFiles(path)));
    } else if (/\.tsx?$/.test(entry.name)) files.push(path);
  }
  return files.sort();
}

async function documents() {
  const docs = [];
  for (const file of await sourceFiles(src)) {
    const text = await readFile(file, 'utf8');
    const calls = [...text.matchAll(ANY_CALL)].length;
    if (calls !== [...text.matchAll(CALL)].length) {
      throw new Error(`${relative(root, file)}: graphql() takes one template literal without \${} substitutions or escapes`);
    }
    for (const m of text.matchAll(CALL)) {
      // Where the template's text starts, so that errors name the file's own line and column.
      const before = text.slice(0, m.index + m[0].indexOf('`') + 1).split('\n');
      const offset = { line: before.length, column: before.at(-1).length + 1 };
      const location = relative(root, file);
      // "file:line:column" of a GraphQL error, in the file's own lines.
      const at = (e) => {
        const l = e.locations?.[0];
        return l ? `${location}:${offset.line + l.line - 1}:${l.line === 1 ? offset.column + l.column - 1 : l.column}` : location;
      };
      try {
        docs.push({ location, document: parse(new Source(m[1], location)), rawSDL: m[1], at });
      } catch (e) {
        throw new Error(e instanceof GraphQLError ? `${at(e)}: ${e.message}` : `${location}: ${e}`);
      }
    }
  }
  return docs;
}

async function main() {
  const sdl = await readFile(schemaFile, 'utf8');
  const schemaAst = buildSchema(sdl);
  const schema = parse(sdl);
  const docs = await documents();
  // Every operation must match the schema: the build stops here, naming the file, line and field.
  // A document may spread a fragment defined in another one (the preset appends it to the operation's text):
  // each is validated with every fragment in view, and a fragment is "unused" only when no document spreads it.
  const fragments = docs.flatMap((d) => d.document.definitions.filter((def) => def.kind === Kind.FRAGMENT_DEFINITION));
  const spread = new Set(docs.flatMap((d) => [...d.rawSDL.matchAll(/\.\.\.\s*([_A-Za-z][_0-9A-Za-z]*)/g)].map((m) => m[1])));
  const rules = specifiedRules.filter((r) => r !== NoUnusedFragmentsRule);
  const problems = docs.flatMap((d) => {
    const own = new Set(d.document.definitions);
    const withFragments = { ...d.document, definitions: [...d.document.definitions, ...fragments.filter((f) => !own.has(f))] };
    const errors = validate(schemaAst, withFragments, rules).filter((e) => e.source === undefined || e.source.name === d.location);
    const unused = d.document.definitions.filter((def) => def.kind === Kind.FRAGMENT_DEFINITION && !spread.has(def.name.value))
      .map((def) => new GraphQLError(`Fragment "${def.name.value}" is never used.`, { nodes: def }));
    return [...errors, ...unused].map((e) => `${d.at(e)}: ${e.message}`);
  });
  if (problems.length) throw new Error(`${problems.length} operation(s) do not match schema.graphql:\n  ${problems.join('\n  ')}`);
  const config = {
    documentMode: 'string', // documents are strings: no graphql-js in the browser bundle
    useTypeImports: true,
    enumsAsTypes: true,
    strictScalars: false,
    defaultScalarType: 'unknown',
    scalars: { DateTimeISO: 'string', DateTime: 'string', EmailAddress: 'string', URL: 'string', JSON: 'unknown', JSONObject: 'Record<string, unknown>' },
  };
  const sections = await preset.buildGeneratesSection({
    baseOutputDir: 'src/gql/', schema, schemaAst, documents: docs.map(({ location, document, rawSDL }) => ({ location, document, rawSDL })), plugins: [], pluginMap: {}, config, presetConfig: { fragmentMasking: false },
  });
  const files = [];
  for (const section of sections) {
    // codegen() validates the documents against the schema before generating (unknown fields, wrong arguments ...).
    files.push({ name: section.filename.slice('src/gql/'.length), content: await codegen({ ...section, schemaAst }) });
  }
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  for (const f of files) await writeFile(join(out, f.name), f.content);
  console.log(`codegen: ${docs.length} operation document(s) -> ${relative(root, out)}/ (${files.map((f) => f.name).join(', ')})`);
}

main().catch((e) => {
  // One readable line per problem (codegen's AggregateError carries the validation failures).
  const errors = e?.errors?.length ? e.errors : [e];
  for (const err of errors) console.error(`codegen: ${err?.details ?? err?.message ?? err}`);
  process.exit(1);
});
