import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EVENT_CATALOGUE } from './generated/catalogue';

type Json = Record<string, unknown>;

/** The project root (this file runs as dist/src/events/schema-documents.js). */
const PROJECT_ROOT = resolve(__dirname, '..', '..', '..');
/** Where the JSON Schemas live: the single source of truth of the event catalogue. */
export const SCHEMA_DIR = join(PROJECT_ROOT, 'schemas', 'webhooks');
/** The generated declaration file served at /types/webhooks.v1.d.ts. */
const DTS_FILE = join(PROJECT_ROOT, 'src', 'events', 'generated', 'webhooks.v1.d.ts');

/**
 * The `$id` prefix the schema files carry in the repository (the default BASE_URL). Published copies
 * carry `{BASE_URL}/schemas/webhooks/…` instead; `$ref`s are relative, so only `$id`s change.
 */
export const SOURCE_SCHEMA_BASE = 'http://localhost:3000/schemas/webhooks/';

export interface SchemaSources {
  /** One schema per event type, sorted by type. */
  events: { type: string; schema: Json }[];
  /** Shared parts (envelope, monitoring-review fields, fullParity, owner), by file name under common/. */
  common: { name: string; schema: Json }[];
}

/** Reads the schema files as they are in the repository (with their source `$id`s). */
export function readSchemaSources(dir = SCHEMA_DIR): SchemaSources {
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;
  const events = EVENT_CATALOGUE.map((e) => ({ type: e.type as string, schema: read(join(dir, `${e.type}.v1.json`)) }));
  const common = readdirSync(join(dir, 'common'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((name) => ({ name, schema: read(join(dir, 'common', name)) }));
  return { events, common };
}

/** One document served under /schemas/webhooks/ or /types/. */
export interface PublishedDocument {
  /** URL path, e.g. `/schemas/webhooks/case.created.v1.json`. */
  path: string;
  mediaType: string;
  body: string;
  /** SHA-256 of the body, base64url: a strong validator for ETag. */
  sha256: string;
}

/**
 * Every published document of the event catalogue, built once for one BASE_URL: the index, one schema
 * per event type, the shared parts, the types manifest and the generated .d.ts file.
 */
export class PublishedSchemas {
  private readonly byPath = new Map<string, PublishedDocument>();

  constructor(baseUrl: string, sources: SchemaSources = readSchemaSources(), dts: string = readFileSync(DTS_FILE, 'utf8')) {
    const base = `${baseUrl.replace(/\/+$/, '')}/schemas/webhooks/`;
    const typesBase = `${baseUrl.replace(/\/+$/, '')}/types/`;
    const rebase = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rebase);
      if (!node || typeof node !== 'object') return node;
      return Object.fromEntries(
        Object.entries(node).map(([k, v]) => [k, k === '$id' && typeof v === 'string' && v.startsWith(SOURCE_SCHEMA_BASE) ? base + v.slice(SOURCE_SCHEMA_BASE.length) : rebase(v)]),
      );
    };
    const common = new Map(sources.common.map((c) => [c.schema.$id as string, rebase(c.schema) as Json]));
    const put = (path: string, mediaType: string, body: string) =>
      this.byPath.set(path, { path, mediaType, body, sha256: createHash('sha256').update(body).digest('base64url') });
    const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

    for (const { name, schema } of sources.common) put(`/schemas/webhooks/common/${name}`, SCHEMA_MEDIA_TYPE, json(common.get(schema.$id as string)));
    for (const { type, schema } of sources.events) {
      put(`/schemas/webhooks/${type}.v1.json`, SCHEMA_MEDIA_TYPE, json(bundle(rebase(schema) as Json, schema.$id as string, sources.common, common)));
    }

    put('/schemas/webhooks/index.json', 'application/json', json({
      description:
        'Webhook event catalogue, contract version 1: one JSON Schema (Draft 2020-12) per event type. The same payloads are the `data` of /v1/events items. ' +
        'Every event that carries caseId also carries caseSequence (1, 2, 3 … per case, no gaps, in commit order). Receivers ignore unknown fields.',
      eventVersion: 1,
      events: EVENT_CATALOGUE.map((e) => ({
        eventType: e.type,
        version: e.version,
        schemaUrl: `${base}${e.type}.v1.json`,
        description: e.description,
        typeName: e.typeName,
      })),
      shared: sources.common.map(({ name, schema }) => ({
        name: name.replace(/\.v1\.json$/, ''),
        schemaUrl: `${base}common/${name}`,
        description: schema.description,
      })),
      types: `${typesBase}index.json`,
    }));

    put('/types/webhooks.v1.d.ts', 'application/typescript', dts);
    put('/types/index.json', 'application/json', json({
      description: 'TypeScript declarations generated from the webhook JSON Schemas (contract version 1).',
      eventVersion: 1,
      files: [{
        name: 'webhooks.v1.d.ts',
        url: `${typesBase}webhooks.v1.d.ts`,
        sha256: this.byPath.get('/types/webhooks.v1.d.ts')!.sha256,
        exports: ['WebhookPayloads', 'WebhookEvent', 'WebhookEventType', ...EVENT_CATALOGUE.map((e) => e.typeName), 'FullParity', 'Owner'],
      }],
      schemas: `${base}index.json`,
    }));
  }

  get(path: string): PublishedDocument | undefined {
    return this.byPath.get(path);
  }

  paths(): string[] {
    return [...this.byPath.keys()];
  }
}

const SCHEMA_MEDIA_TYPE = 'application/schema+json';

/**
 * Makes an event schema self-contained: every shared document it references (transitively) is embedded
 * under `$defs` as a schema resource with its own `$id` (a Draft 2020-12 compound document), so a receiver
 * can compile the one file it fetched; the relative `$ref`s resolve to the embedded resources.
 */
function bundle(schema: Json, sourceId: string, common: SchemaSources['common'], published: Map<string, Json>): Json {
  const bySourceId = new Map(common.map((c) => [c.schema.$id as string, c]));
  const embedded = new Map<string, { name: string; schema: Json }>();
  const visit = (node: unknown, baseId: string) => {
    if (Array.isArray(node)) return node.forEach((n) => visit(n, baseId));
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && !v.startsWith('#')) {
        const target = new URL(v.split('#')[0]!, baseId).toString();
        const doc = bySourceId.get(target);
        if (!doc) throw new Error(`${sourceId}: $ref ${v} names no shared schema`);
        if (!embedded.has(target)) {
          embedded.set(target, doc);
          visit(doc.schema, target);
        }
      } else visit(v, baseId);
    }
  };
  visit(schema, sourceId);
  if (embedded.size === 0) return schema;
  const defs: Json = { ...((schema.$defs as Json | undefined) ?? {}) };
  for (const [id, { name }] of embedded) {
    const key = name.replace(/\.json$/, '');
    if (key in defs) throw new Error(`${sourceId}: $defs already has ${key}`);
    const { $schema: _dialect, ...resource } = published.get(id)!;
    defs[key] = resource;
  }
  return { ...schema, $defs: defs };
}

/** The event schemas as OpenAPI components: what the OpenAPI document embeds so that it needs nothing remote. */
export interface OpenApiEventSchemas {
  /** Component name → schema (no `$schema`, no `$id`, local `#/components/schemas/…` refs only). */
  components: Record<string, Json>;
  /** Event type → the component name of its payload schema (the event's typeName). */
  byEventType: Record<string, string>;
}

/**
 * Rewrites the 36 event schemas and their shared parts as OpenAPI components: each event under its
 * typeName, each shared document under its title (Envelope, MonitoringReviewFields, FullParity, Owner)
 * and each of a shared document's `$defs` under `<Title>_<def>` (Envelope_caseId). Every relative `$ref`
 * (`common/envelope.v1.json#/$defs/caseId`, `owner.v1.json`) becomes `#/components/schemas/<name>`;
 * `$id` and `$schema` are dropped (an `$id` would rebase the local refs). Same meaning as the published
 * documents, which the tests check by expanding both.
 */
export function openApiEventSchemas(sources: SchemaSources = readSchemaSources(), taken: Iterable<string> = []): OpenApiEventSchemas {
  const components: Record<string, Json> = {};
  const used = new Set(taken);
  const claim = (name: string) => {
    if (used.has(name)) throw new Error(`OpenAPI component ${name} is defined twice`);
    used.add(name);
    return name;
  };
  // Source $id (with an optional `#/$defs/<name>` fragment) → component name.
  const names = new Map<string, string>();
  for (const { schema } of sources.common) {
    const id = schema.$id as string;
    const title = schema.title as string;
    names.set(id, claim(title));
    for (const def of Object.keys((schema.$defs as Json | undefined) ?? {})) names.set(`${id}#/$defs/${def}`, claim(`${title}_${def}`));
  }
  const byEventType: Record<string, string> = {};
  for (const { type, schema } of sources.events) {
    const typeName = EVENT_CATALOGUE.find((e) => e.type === type)!.typeName;
    names.set(schema.$id as string, claim(typeName));
    byEventType[type] = typeName;
  }
  const localise = (node: unknown, baseId: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => localise(n, baseId));
    if (!node || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$id' || k === '$schema') continue;
      if (k === '$ref' && typeof v === 'string') {
        const target = new URL(v, baseId).toString();
        const name = names.get(target);
        if (!name) throw new Error(`${baseId}: $ref ${v} names no event schema part`);
        out[k] = `#/components/schemas/${name}`;
      } else out[k] = localise(v, baseId);
    }
    return out;
  };
  for (const { schema } of sources.common) {
    const id = schema.$id as string;
    const { $defs, ...rest } = schema;
    components[names.get(id)!] = localise(rest, id) as Json;
    for (const [def, part] of Object.entries(($defs as Json | undefined) ?? {})) components[names.get(`${id}#/$defs/${def}`)!] = localise(part, id) as Json;
  }
  for (const { schema } of sources.events) {
    const id = schema.$id as string;
    if (schema.$defs) throw new Error(`${id}: an event schema's own $defs are not carried into the OpenAPI document`);
    components[names.get(id)!] = localise(schema, id) as Json;
  }
  return { components, byEventType };
}
