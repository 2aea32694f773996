import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ROOT, generateEventTypes } from '../../scripts/generate-event-types';

describe('event catalogue: generated TypeScript types', function () {
  this.timeout(60_000);

  it('the committed files under src/events/generated are what the generator produces from the schemas now (run `npm run generate:types`)', async () => {
    const files = await generateEventTypes();
    expect([...files.keys()].sort()).to.deep.equal(['src/events/generated/catalogue.ts', 'src/events/generated/payloads.ts', 'src/events/generated/webhooks.v1.d.ts']);
    for (const [rel, content] of files) {
      expect(readFileSync(join(ROOT, rel), 'utf8') === content, `${rel} is stale: run \`npm run generate:types\` and commit the result`).to.equal(true);
    }
  });

  it('a schema changed without regenerating makes that comparison fail', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
    try {
      cpSync(join(ROOT, 'schemas', 'webhooks'), dir, { recursive: true });
      const file = join(dir, 'ping.v1.json');
      const ping = JSON.parse(readFileSync(file, 'utf8'));
      ping.properties.sentFrom = { type: 'string' };
      writeFileSync(file, JSON.stringify(ping));
      const files = await generateEventTypes(dir);
      const payloads = files.get('src/events/generated/payloads.ts')!;
      expect(payloads).to.not.equal(readFileSync(join(ROOT, 'src/events/generated/payloads.ts'), 'utf8'));
      expect(payloads).to.match(/export interface PingEvent \{[^}]*sentFrom\?: string;/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
