import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { consoleSchemaSdl } from '../../graphql/schema';

describe('schema.graphql (the console contract, committed)', () => {
  it('is what the resolvers build: run `npm run schema:update` after changing the schema', async () => {
    const committed = readFileSync(join(__dirname, '../../../schema.graphql'), 'utf8');
    const built = await consoleSchemaSdl();
    expect(committed === built, 'schema.graphql is stale: run `npm run schema:update` and commit it').to.equal(true);
  });
});
