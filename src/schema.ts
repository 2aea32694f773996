import type { Static, TSchema } from '@sinclair/typebox';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { DomainError, type ValidationDetail } from './errors';
import { emailAddressProblem, isAcceptedEmail } from './email-address';

/**
 * JSON Schema (2020-12) validation of input. The schemas that define request bodies are the wire
 * shapes of their feature (`*.wire.ts`) and the very objects the OpenAPI document publishes, so the two
 * cannot drift.
 */
export type JsonSchema = Record<string, unknown>;

/**
 * `x-message` on a schema with a `pattern` or an `enum`: the words a person reads when a value does not
 * match it, instead of the generated ones (a pattern's would show the regular expression; a long enum's
 * the whole list). OpenAPI 3.1 allows `x-` keywords.
 */
export const MESSAGE_KEYWORD = 'x-message';

const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, verbose: true });
addFormats(ajv, { mode: 'full', formats: ['date-time', 'date', 'uri', 'uuid'] });
// The domain's own check of a customer's address (the one every door that opens a case uses), under
// the standard format name: isEmail's syntax, and no control or invisible characters nor stray dots.
ajv.addFormat('email', { type: 'string', validate: (s: string) => isAcceptedEmail(s) });
ajv.addVocabulary([MESSAGE_KEYWORD]);

const compiled = new WeakMap<object, ValidateFunction>();

function pointerToPath(pointer: string): string {
  return pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string', number: 'a number', integer: 'an integer', boolean: 'true or false', object: 'a JSON object', array: 'an array', null: 'null',
};
const FORMAT_WORDS: Record<string, string> = {
  'date-time': 'must be an ISO 8601 date-time with Z or an offset, e.g. 2026-01-31T09:30:00Z',
  date: 'must be a date, YYYY-MM-DD',
  email: 'must be a valid email address',
  uri: 'must be an absolute URL',
  uuid: 'must be a UUID',
};
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const list = (values: unknown[]) => values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');

/** What is wrong with the value at one place, in the words a person reads (never ajv's regex text). */
export function errorMessage(e: ErrorObject): string {
  const own = (e.parentSchema as Record<string, unknown> | undefined)?.[MESSAGE_KEYWORD];
  if (typeof own === 'string' && (e.keyword === 'pattern' || e.keyword === 'enum')) return own;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': return 'is required';
    case 'additionalProperties': return 'is not a known field';
    case 'enum': return `must be one of ${list(p.allowedValues as unknown[])}`;
    case 'const': return `must be ${list([p.allowedValue])}`;
    case 'type': {
      const types = Array.isArray(p.type) ? (p.type as string[]) : String(p.type).split(',');
      return `must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`;
    }
    case 'format': {
      // A refused customer address says what is wrong with it (an invisible character, a stray dot ...).
      const why = p.format === 'email' && typeof e.data === 'string' ? emailAddressProblem(e.data) : null;
      return why ?? FORMAT_WORDS[p.format as string] ?? `must be a valid ${String(p.format)}`;
    }
    case 'minLength': return p.limit === 1 ? 'must not be empty' : `must be at least ${plural(p.limit as number, 'character')} long`;
    case 'maxLength': return `must be at most ${plural(p.limit as number, 'character')} long`;
    case 'minimum': return `must be at least ${String(p.limit)}`;
    case 'maximum': return `must be at most ${String(p.limit)}`;
    case 'exclusiveMinimum': return `must be greater than ${String(p.limit)}`;
    case 'exclusiveMaximum': return `must be less than ${String(p.limit)}`;
    case 'minItems': return `must have at least ${plural(p.limit as number, 'item')}`;
    case 'maxItems': return `must have at most ${plural(p.limit as number, 'item')}`;
    case 'pattern': return `must match the pattern ${String(p.pattern)}`;
    default: return e.message ?? 'is invalid';
  }
}

/** Readable {path, message} details from ajv errors (unknown and missing fields named by their own path). */
export function toDetails(errors: ErrorObject[] | null | undefined, prefix = ''): ValidationDetail[] {
  const join = (a: string, b: string) => [a, b].filter(Boolean).join('.');
  const details: ValidationDetail[] = [];
  for (const e of errors ?? []) {
    let path = join(prefix, pointerToPath(e.instancePath));
    if (e.keyword === 'additionalProperties') path = join(path, String((e.params as { additionalProperty: string }).additionalProperty));
    if (e.keyword === 'required') path = join(path, String((e.params as { missingProperty: string }).missingProperty));
    const message = errorMessage(e);
    if (!details.some((d) => d.path === path && d.message === message)) details.push({ path, message });
  }
  return details;
}

function validator(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/**
 * Validates `value` against `schema` (a wire shape, or a plain JSON Schema); throws validation_failed
 * (400) with every problem. Returns the value, typed by the schema.
 */
export function assertSchema<S extends TSchema>(schema: S, value: unknown, prefix?: string): Static<S>;
export function assertSchema<T>(schema: JsonSchema, value: unknown, prefix?: string): T;
export function assertSchema(schema: object, value: unknown, prefix = ''): unknown {
  const validate = validator(schema);
  if (!validate(value)) {
    const details = toDetails(validate.errors, prefix);
    throw DomainError.validation(details.length ? details : [{ path: prefix, message: 'is invalid' }]);
  }
  return value;
}
