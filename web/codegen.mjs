// Typed GraphQL documents for the web app: GraphQL Code Generator's client preset, run through
// @graphql-codegen/core (the preset's own code) with a small document finder instead of the CLI, whose
// loaders need Node 22. Reads the committed ../schema.graphql and every `graphql(`...`)` in web/src,
// validates each operation against the schema (an operation that no longer matches fails here, so the
// build fails), and writes web/src/gql/. Run: node web/codegen.mjs (npm run codegen:web).
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codegen } from '@graphql-codegen/core';
import { preset } from '@graphql-codegen/client-preset';
import { buildSchema, parse, GraphQLError } from 'graphql';

const web = dirname(fileURLToPath(import.meta.url));
const root = join(web, '..');
const out = join(web, 'src', 'gql');

// `graphql(` followed by one template literal without substitutions (the client preset's convention).
const CALL = /\bgraphql\(\s*`([^`$\\]*)`\s*\)/g;

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
  for (const file of await sourceFiles(join(web, 'src'))) {
    const text = await readFile(file, 'utf8');
    for (const m of text.matchAll(CALL)) {
      const line = text.slice(0, m.index).split('\n').length;
      const location = `${relative(root, file)}:${line}`;
      try {
        docs.push({ location, document: parse(m[1]), rawSDL: m[1] });
      } catch (e) {
        throw new Error(`${location}: ${e instanceof GraphQLError ? e.message : e}`);
      }
    }
  }
  return docs;
}

async function main() {
  const sdl = await readFile(join(root, 'schema.graphql'), 'utf8');
  const schemaAst = buildSchema(sdl);
  const schema = parse(sdl);
  const docs = await documents();
  const config = {
    documentMode: 'string', // documents are strings: no graphql-js in the browser bundle
    useTypeImports: true,
    enumsAsTypes: true,
    strictScalars: false,
    defaultScalarType: 'unknown',
    scalars: { DateTimeISO: 'string', DateTime: 'string', EmailAddress: 'string', URL: 'string', JSON: 'unknown', JSONObject: 'Record<string, unknown>' },
  };
  const sections = await preset.buildGeneratesSection({
    baseOutputDir: 'src/gql/', schema, schemaAst, documents: docs, plugins: [], pluginMap: {}, config, presetConfig: { fragmentMasking: false },
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
