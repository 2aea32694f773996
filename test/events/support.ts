import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Runtime } from '../../bin/compose';

export const SCHEMA_DIR = join(__dirname, '..', '..', '..', 'schemas', 'webhooks');

export type Json = Record<string, unknown>;

export function readJson(file: string): Json {
  return JSON.parse(readFileSync(file, 'utf8')) as Json;
}

/** The event schema files in the repository, by event type (file name without `.v1.json`). */
export function eventSchemaFiles(): Map<string, Json> {
  return new Map(
    readdirSync(SCHEMA_DIR)
      .filter((f) => f.endsWith('.v1.json'))
      .map((f) => [f.replace(/\.v1\.json$/, ''), readJson(join(SCHEMA_DIR, f))]),
  );
}

export function commonSchemaFiles(): Json[] {
  return readdirSync(join(SCHEMA_DIR, 'common'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => readJson(join(SCHEMA_DIR, 'common', f)));
}

/** A fresh ajv in the 2020-12 dialect, strict mode, formats on: independent of the service's own validator. */
export function strictAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  return ajv;
}

/** Every event schema compiled from the repository files. */
export function compileEventSchemas(): Map<string, ValidateFunction> {
  const ajv = strictAjv();
  for (const schema of commonSchemaFiles()) ajv.addSchema(schema);
  return new Map([...eventSchemaFiles()].map(([type, schema]) => [type, ajv.compile(schema)]));
}

/** A case row for recordEvent to number and describe (case use cases belong to other issues). */
export async function insertCase(rt: Runtime, orgId: string, crm: { crmRecordId?: string | null; crmSource?: string | null } = {}) {
  const caseId = `CS-2026-${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const result: { insertId: number } = await rt.svc.db.query(
    `INSERT INTO cases (case_id, org_id, status, onboarding_stage, source, crm_record_id, crm_source, created_at, updated_at)
     VALUES (?, ?, 'in_progress', 'created', 'manual', ?, ?, NOW(3), NOW(3))`,
    [caseId, orgId, crm.crmRecordId ?? null, crm.crmSource ?? null],
  );
  return { pk: Number(result.insertId), caseId };
}
