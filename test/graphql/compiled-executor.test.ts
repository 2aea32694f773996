import { expect } from 'chai';
import { GraphQLISODateTime } from 'type-graphql';
import { instantSerializer } from '../../graphql/compiled-executor';

describe('console GraphQL: the compiled executor', () => {
  it("answers every DateTimeISO value as the scalar does (its shortcut only skips re-deriving the domain's canonical instants)", () => {
    const fast = instantSerializer(GraphQLISODateTime);
    const outcome = (f: (v: unknown) => unknown, v: unknown) => {
      try {
        return { value: f(v) };
      } catch (err) {
        return { error: (err as Error).message };
      }
    };
    const values: unknown[] = [
      '2026-11-29T10:00:00.000Z', '2024-02-29T23:59:59.999Z', '2026-12-31T00:00:00.000Z', '2026-04-30T12:00:00.000Z',
      '2023-02-29T00:00:00.000Z', '2026-04-31T00:00:00.000Z', '2026-13-01T00:00:00.000Z', '2026-11-29T24:00:00.000Z',
      '2000-02-29T00:00:00.000Z', '1900-02-29T00:00:00.000Z', '2100-02-29T00:00:00.000Z', '2024-02-30T00:00:00.000Z',
      '2026-01-31T23:59:59.999Z', '2026-06-31T00:00:00.000Z', '2026-09-30T00:00:00.000Z', '2026-11-31T00:00:00.000Z', '2026-11-32T00:00:00.000Z',
      '2026-11-00T00:00:00.000Z', '2026-00-10T00:00:00.000Z', '0000-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z',
      '2026-11-29T10:00:00Z', '2026-11-29T10:00:00.5Z', '2026-11-29T12:00:00.000+02:00', 'yesterday', '',
      new Date(Date.UTC(2026, 10, 29, 10)), 0, null, {},
    ];
    for (const v of values) expect(outcome(fast, v), String(v)).to.deep.equal(outcome((x) => GraphQLISODateTime.serialize(x), v));
  });
});
