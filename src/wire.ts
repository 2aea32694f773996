import { Type, type SchemaOptions, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';

/**
 * Building blocks of the wire shapes. Every shape the service sends or accepts is written once, as a
 * TypeBox schema in the feature that owns it (`src/<feature>/<feature>.wire.ts`). A TypeBox schema is a
 * plain JSON Schema (2020-12) object: the OpenAPI document publishes it, ajv validates with it
 * (src/schema.ts), and its TypeScript type is `Static<typeof Schema>`, so the three cannot drift.
 * GraphQL and tRPC outputs are to be derived from the same schemas.
 */
export { Type, type Static, type TSchema };

/** `{type: 'string', enum: [...]}` (not TypeBox's anyOf of consts): one enum, one readable error message. */
export function StringEnum<const T extends readonly string[]>(values: T, options: SchemaOptions = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] });
}

/**
 * The schema or null. A plain primitive stays one schema (`type: ['string', 'null']`); an enum, an object
 * or an array is `anyOf: [schema, {type: 'null'}]`, so that a named enum or shape stays one $ref in the
 * OpenAPI document.
 */
export function Nullable<T extends TSchema>(schema: T, options: SchemaOptions = {}): TUnsafe<Static<T> | null> {
  const type = schema.type as unknown;
  if (typeof type === 'string' && type !== 'object' && type !== 'array' && schema.enum === undefined) {
    const plain: Record<string, unknown> = {};
    for (const key of Object.keys(schema)) plain[key] = (schema as Record<string, unknown>)[key];
    return Type.Unsafe<Static<T> | null>({ ...plain, ...options, type: [type, 'null'] });
  }
  return Type.Unsafe<Static<T> | null>({ ...options, anyOf: [schema, { type: 'null' }] });
}

/** ISO 8601 date-time in UTC with milliseconds, as every timestamp on the wire. */
export const DateTime = (options: SchemaOptions = {}) => Type.String({ ...options, format: 'date-time' });
/** A calendar date, `YYYY-MM-DD`. */
export const DateOnly = (options: SchemaOptions = {}) => Type.String({ ...options, format: 'date' });
/** A string or null: a field the record may not have yet. */
export const OptionalText = (options: SchemaOptions = {}) => Nullable(Type.String(), options);

/**
 * The list envelope of every paged list (contract "List envelope"): newest or oldest first as each list
 * says, paged by opaque keyset cursors.
 */
export function PageOf<T extends TSchema>(item: T, description: string) {
  return Type.Object({
    data: Type.Array(item, { description: 'At most `limit` rows.' }),
    nextCursor: Nullable(Type.String(), { description: 'Opaque. Pass it back verbatim as `cursor` with the same filters. Null when hasMore is false.' }),
    hasMore: Type.Boolean(),
  }, { description });
}

/** One problem of a validation_failed error: where (a dotted path, or the parameter name) and what, in words. */
export const ValidationDetail = Type.Object({
  path: Type.String({ description: 'Dotted path of the field or the name of the parameter; empty for the whole body.' }),
  message: Type.String({ description: 'What is wrong, in words: e.g. `must be one of in_progress, in_review`.' }),
});
