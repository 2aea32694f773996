import { DomainError, assertSchema, type JsonSchema, type ValidationDetail } from '../../src/platform/index';

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  style?: 'form';
  explode?: boolean;
  schema: JsonSchema;
}

type Doc = { paths: Record<string, Record<string, unknown>>; components: { parameters: Record<string, Parameter> } };

/** What a parameter parses to: a string, an integer, or (a comma-separated list, style form without explode) strings. */
export type QueryValue = string | number | string[];

function resolve(doc: Doc, p: Parameter | { $ref: string }): Parameter {
  if ('$ref' in p) return doc.components.parameters[p.$ref.split('/').pop()!]!;
  return p;
}

/**
 * A parser of one operation's query string, driven by the operation's parameters in the OpenAPI
 * document (the same schemas the document publishes). Integers must be plain digits; an array parameter
 * is one comma-separated value (`status=in_review,approved`), each item checked against the item schema
 * and a bad one reported on the parameter itself; a parameter given twice is a 400; unknown parameters
 * are ignored (decisions.md). Returns the typed values.
 */
export function queryParser(docObject: Record<string, unknown>, path: string, method: string): (query: Record<string, unknown>) => Record<string, QueryValue> {
  const doc = docObject as unknown as Doc;
  const item = doc.paths[path]!;
  const operation = item[method] as { parameters?: (Parameter | { $ref: string })[] };
  const params = [...((item.parameters as (Parameter | { $ref: string })[]) ?? []), ...(operation.parameters ?? [])].map((p) => resolve(doc, p)).filter((p) => p.in === 'query');
  for (const p of params) {
    if (p.schema.type === 'array' && (p.style ?? 'form') === 'form' && p.explode !== false) throw new Error(`queryParser: ${path} ${p.name}: arrays must be explode: false`);
  }
  return (query) => {
    const out: Record<string, QueryValue> = {};
    const details: ValidationDetail[] = [];
    for (const p of params) {
      const raw = query[p.name];
      if (raw === undefined) continue;
      if (typeof raw !== 'string') {
        details.push({ path: p.name, message: 'must be given once, as a plain value' });
        continue;
      }
      let value: QueryValue = raw;
      if (p.schema.type === 'integer') {
        if (!/^[0-9]{1,15}$/.test(raw)) {
          details.push({ path: p.name, message: 'must be an integer' });
          continue;
        }
        value = Number(raw);
      } else if (p.schema.type === 'array') {
        value = raw.split(',');
      }
      try {
        assertSchema(p.schema, value, p.name);
        out[p.name] = value;
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        for (const d of (err.extra.details as ValidationDetail[]) ?? []) {
          // `status.1 must be one of …` says the same as `status must be one of …` to the person who wrote the list.
          const detail = { path: p.name, message: d.message };
          if (!details.some((x) => x.path === detail.path && x.message === detail.message)) details.push(detail);
        }
      }
    }
    if (details.length) throw DomainError.validation(details);
    return out;
  };
}
