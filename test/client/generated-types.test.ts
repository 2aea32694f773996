import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { buildOpenApi } from '../../rest/v1/index';
import { ROOT, generateClientTypes } from '../../scripts/generate-client-types';
import type { Config } from '../../src/platform/index';

describe('client package: generated types', function () {
  this.timeout(60_000);

  it('packages/client/src/generated is what openapi-typescript and the event schemas produce now (run `npm run client:types`)', async () => {
    const files = await generateClientTypes();
    expect([...files.keys()].sort()).to.deep.equal(['packages/client/src/generated/events.ts', 'packages/client/src/generated/openapi.ts']);
    for (const [rel, content] of files) {
      expect(readFileSync(join(ROOT, rel), 'utf8') === content, `${rel} is stale: run \`npm run client:types\` and commit the result`).to.equal(true);
    }
    // The payload types are the service's own (src/events/generated), under the client's banner.
    const events = files.get('packages/client/src/generated/events.ts')!;
    expect(events.endsWith(readFileSync(join(ROOT, 'src/events/generated/webhooks.v1.d.ts'), 'utf8'))).to.equal(true);
  });

  it('a change of the OpenAPI document makes that comparison fail', async () => {
    const doc = buildOpenApi({ baseUrl: 'https://api.example.com', appUrl: 'https://app.example.com' } as Config) as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    doc.components.schemas.CaseSummary!.properties.nickname = { type: 'string' };
    const openapi = (await generateClientTypes(doc)).get('packages/client/src/generated/openapi.ts')!;
    expect(openapi).to.not.equal(readFileSync(join(ROOT, 'packages/client/src/generated/openapi.ts'), 'utf8'));
    expect(openapi).to.match(/CaseSummary: \{[^}]*nickname\?: string;/);
  });
});
