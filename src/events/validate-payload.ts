import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readSchemaSources } from './schema-documents';

let validators: Map<string, ValidateFunction> | null = null;

/** Compiles every event schema once (strict mode, formats on), on first use. */
function compiled(): Map<string, ValidateFunction> {
  if (validators) return validators;
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  const sources = readSchemaSources();
  for (const { schema } of sources.common) ajv.addSchema(schema);
  validators = new Map(sources.events.map(({ type, schema }) => [type, ajv.compile(schema)]));
  return validators;
}

export interface PayloadViolation {
  /** JSON Pointer into the payload. */
  path: string;
  message: string;
}

/**
 * Checks a payload against its event's JSON Schema. Returns the violations (empty when valid); an
 * unknown event type is one violation. Messages name paths and rules, never payload values.
 */
export function payloadViolations(type: string, payload: unknown): PayloadViolation[] {
  const validate = compiled().get(type);
  if (!validate) return [{ path: '/event', message: `unknown event type ${type}` }];
  if (validate(payload)) return [];
  return (validate.errors ?? []).map((e) => ({ path: e.instancePath || '/', message: `${e.message ?? e.keyword}${e.params ? ` ${JSON.stringify(e.params)}` : ''}` }));
}
