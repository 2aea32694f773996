import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { DomainError, type ValidationDetail } from './errors';
import { emailAddressProblem, isAcceptedEmail } from './email-address';

/**
 * JSON Schema (2020-12) validation of input. The schemas that define request bodies live next to
 * their use case and are the very objects the OpenAPI document publishes, so the two cannot drift.
 */
export type JsonSchema = Record<string, unknown>;

// verbose: an error carries the value it is about (`data`), so a refused address can be explained.
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, verbose: true });
addFormats(ajv, { mode: 'full', formats: ['date-time', 'date', 'uri', 'uuid'] });
// The domain's own check of a customer's address (the one every door that opens a case uses), under
// the standard format name: isEmail's syntax, and no control or invisible characters nor stray dots.
ajv.addFormat('email', { type: 'string', validate: (s: string) => isAcceptedEmail(s) });

const compiled = new WeakMap<JsonSchema, ValidateFunction>();

function pointerToPath(pointer: string): string {
  return pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');
}

/** Readable {path, message} details from ajv errors (unknown fields named by their own path). */
export function toDetails(errors: ErrorObject[] | null | undefined, prefix = ''): ValidationDetail[] {
  const join = (a: string, b: string) => [a, b].filter(Boolean).join('.');
  return (errors ?? []).map((e) => {
    const base = join(prefix, pointerToPath(e.instancePath));
    if (e.keyword === 'additionalProperties') {
      return { path: join(base, String((e.params as { additionalProperty: string }).additionalProperty)), message: 'is not a known field' };
    }
    if (e.keyword === 'required') {
      return { path: join(base, String((e.params as { missingProperty: string }).missingProperty)), message: 'is required' };
    }
    if (e.keyword === 'format') {
      const format = (e.params as { format: string }).format;
      const why = format === 'email' && typeof e.data === 'string' ? emailAddressProblem(e.data) : null;
      return { path: base, message: why ?? `must be a valid ${format}` };
    }
    return { path: base, message: e.message ?? 'is invalid' };
  });
}

/** Validates `value` against `schema`; throws validation_failed (400) with every problem. */
export function assertSchema<T>(schema: JsonSchema, value: unknown, prefix = ''): T {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (!validate(value)) {
    const details = toDetails(validate.errors, prefix);
    throw DomainError.validation(details.length ? details : [{ path: prefix, message: 'is invalid' }]);
  }
  return value as T;
}
