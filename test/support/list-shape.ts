import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'chai';

/** A printed list is `{"data":[...]}` of the wire shape's items, exactly: no other key, no extra field. */
export function expectListOf(schema: object, body: unknown): void {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  const check = ajv.compile({ type: 'object', required: ['data'], additionalProperties: false, properties: { data: { type: 'array', items: { ...schema, additionalProperties: false } } } });
  expect(check(body), JSON.stringify(check.errors)).to.equal(true);
}
