import { DomainError, assertSchema, type JsonSchema, type ValidationDetail } from '../../src/platform/index';

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

type Doc = { paths: Record<string, Record<string, unknown>>; components: { parameters: Record<string, Parameter> } };

function resolve(doc: Doc, p: Parameter | { $ref: string }): Parameter {
  if ('$ref' in p) return doc.components.parameters[p.$ref.split('/').pop()!]!;
  return p;
}

/**
 * A parser of one operation's query string, driven by the operation's parameters in the OpenAPI
 * document (the same schemas the document publishes). Integers must be plain digits; a parameter given
 * twice is a 400; unknown parameters are ignored (decisions.md). Returns the typed values.
 */
export function queryParser(docObject: Record<string, unknown>, path: string, method: string): (query: Record<string, unknown>) => Record<string, string | number> {
  const doc = docObject as unknown as Doc;
  const item = doc.paths[path]!;
  const operation = item[method] as { parameters?: (Parameter | { $ref: string })[] };
  const params = [...((item.parameters as (Parameter | { $ref: string })[]) ?? []), ...(operation.parameters ?? [])].map((p) => resolve(doc, p)).filter((p) => p.in === 'query');
  return (query) => {
    const out: Record<string, string | number> = {};
    const details: ValidationDetail[] = [];
    for (const p of params) {
      const raw = query[p.name];
      if (raw === undefined) continue;
      if (typeof raw !== 'string') {
        details.push({ path: p.name, message: 'must be given once, as a plain value' });
        continue;
      }
      let value: string | number = raw;
      if (p.schema.type === 'integer') {
        if (!/^[0-9]{1,15}$/.test(raw)) {
          details.push({ path: p.name, message: 'must be an integer' });
          continue;
        }
        value = Number(raw);
      }
      try {
        assertSchema(p.schema, value, p.name);
        out[p.name] = value;
      } catch (err) {
        if (err instanceof DomainError) details.push(...((err.extra.details as ValidationDetail[]) ?? []));
        else throw err;
      }
    }
    if (details.length) throw DomainError.validation(details);
    return out;
  };
}
