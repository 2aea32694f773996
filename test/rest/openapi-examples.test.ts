import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { buildOpenApi } from '../../rest/v1/openapi';
import { testConfig } from '../support/env';

type Media = { schema?: { format?: string; $ref?: string }; example?: unknown; examples?: Record<string, { value?: unknown }> };
type Response = { $ref?: string; description?: string; content?: Record<string, Media> };
type Operation = {
  operationId?: string; summary?: string; description?: string;
  requestBody?: { $ref?: string; content?: Record<string, Media> };
  responses?: Record<string, Response>;
};

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The reference's promise (issue 31): every operation has a summary, a description, an example of its request
 * body (when it takes one) and of each response body, and its error responses; and every example means what
 * its schema says. Operations added later (the test helpers) are walked the same way.
 */
describe('the OpenAPI document: summaries, descriptions, examples and errors of every operation', () => {
  const doc = buildOpenApi(testConfig()) as { paths: Record<string, Record<string, unknown>>; webhooks: Record<string, Record<string, unknown>> };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(JSON.parse(JSON.stringify(doc)) as object, 'openapi');
  const at = (pointer: string): unknown => pointer.slice(2).split('/').map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);

  /** Each operation with its JSON pointer: the paths', then the webhooks'. */
  const operations = (section: 'paths' | 'webhooks') => Object.entries(doc[section]).flatMap(([path, item]) => METHODS
    .filter((m) => item[m] !== undefined)
    .map((m) => ({ name: `${m.toUpperCase()} ${path}`, pointer: `#/${section}/${escape(path)}/${m}`, op: item[m] as Operation })));

  /** Every media type of a body with its pointer (a $ref'd response or body is followed), and what is missing. */
  function examplesOf(pointer: string, node: Response | undefined): { where: string; pointer: string; media: Media }[] {
    let here = pointer;
    let target = node;
    if (target?.$ref) {
      here = target.$ref;
      target = at(here) as Response;
    }
    return Object.entries(target?.content ?? {}).map(([type, media]) => ({ where: `${here} ${type}`, pointer: `${here}/content/${escape(type)}`, media }));
  }
  const needsExample = (media: Media) => media.schema?.format !== 'binary';
  const valuesOf = (media: Media) => [
    ...(media.example !== undefined ? [media.example] : []), ...Object.values(media.examples ?? {}).map((e) => e.value),
  ];

  it('every operation has a summary, a description, a request example (with a body), response examples and its error responses', () => {
    const problems: string[] = [];
    for (const { name, pointer, op } of operations('paths')) {
      if (!op.summary?.trim()) problems.push(`${name}: no summary`);
      if (!op.description?.trim()) problems.push(`${name}: no description`);
      if (op.requestBody) {
        for (const body of examplesOf(`${pointer}/requestBody`, op.requestBody)) {
          if (needsExample(body.media) && valuesOf(body.media).length === 0) problems.push(`${name}: no request example (${body.where})`);
        }
      }
      const codes = Object.keys(op.responses ?? {});
      if (!codes.some((c) => /^[23]/.test(c))) problems.push(`${name}: no success response`);
      if (!codes.some((c) => /^[45]/.test(c))) problems.push(`${name}: no error response`);
      for (const code of codes) {
        for (const body of examplesOf(`${pointer}/responses/${code}`, op.responses![code])) {
          if (needsExample(body.media) && valuesOf(body.media).length === 0) problems.push(`${name} ${code}: no example (${body.where})`);
        }
      }
    }
    expect(problems).to.deep.equal([]);
  });

  it('every example, of the paths and of the webhooks, validates against its schema', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    let checked = 0;
    for (const { name, pointer, op } of [...operations('paths'), ...operations('webhooks')]) {
      const bodies = [
        ...(op.requestBody ? examplesOf(`${pointer}/requestBody`, op.requestBody) : []),
        ...Object.entries(op.responses ?? {}).flatMap(([code, r]) => examplesOf(`${pointer}/responses/${code}`, r)),
      ];
      for (const body of bodies) {
        if (seen.has(body.pointer) || !body.media.schema) continue;
        seen.add(body.pointer);
        const check = ajv.compile({ $ref: `openapi${body.pointer}/schema` });
        for (const value of valuesOf(body.media)) {
          checked += 1;
          if (!check(value)) problems.push(`${name}: ${body.where}: ${ajv.errorsText(check.errors)}`);
        }
      }
    }
    expect(problems).to.deep.equal([]);
    expect(checked).to.be.above(80);
  });
});
