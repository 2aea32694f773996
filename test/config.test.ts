import { expect } from 'chai';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, parseDuration } from '../src/platform/index';
import { hashPassword, verifyPassword } from '../src/security/passwords';
import { testEnv } from './support/env';

describe('configuration', () => {
  const scratch = () => join(mkdtempSync(join(tmpdir(), 'svc-config-')), 'secrets.json');

  it('defaults to the contract values', () => {
    const c = loadConfig({ NODE_ENV: 'development' }, { localSecretsFile: scratch() });
    expect(c.port).to.equal(3000);
    expect(c.baseUrl).to.equal('http://localhost:3000');
    expect(c.appUrl).to.equal('http://localhost:3000');
    expect(c.mysqlUrl).to.equal('mysql://root@127.0.0.1:3306/svc');
    expect(c.pgUrl).to.equal('postgres://postgres@127.0.0.1:5432/svc');
    expect(c.webhookRetryScheduleMs).to.deep.equal([1000, 5000, 30_000, 300_000, 1_800_000]);
    expect(c.webhookTimeoutMs).to.equal(10_000);
    expect(c.webhookAllowPrivateTargets).to.equal(false);
    expect(c.smtpUrl).to.equal(null);
    expect(c.logLevel).to.equal('info');
  });

  it('takes BASE_URL and APP_URL from PORT when they are unset, and keeps them when set', () => {
    const c = loadConfig({ NODE_ENV: 'development', PORT: '4300' }, { localSecretsFile: scratch() });
    expect([c.port, c.baseUrl, c.appUrl]).to.deep.equal([4300, 'http://localhost:4300', 'http://localhost:4300']);
    const set = loadConfig({ NODE_ENV: 'development', PORT: '4300', BASE_URL: 'https://api.example.com/', APP_URL: 'https://app.example.com' }, { localSecretsFile: scratch() });
    expect([set.baseUrl, set.appUrl]).to.deep.equal(['https://api.example.com', 'https://app.example.com']);
  });

  it('generates development secrets once into a private local file and reuses them', () => {
    const file = scratch();
    const a = loadConfig({}, { localSecretsFile: file });
    const b = loadConfig({}, { localSecretsFile: file });
    expect(a.secretsKeys[0]!.key.equals(b.secretsKeys[0]!.key)).to.equal(true);
    expect(a.jwtSigningKeyPem).to.equal(b.jwtSigningKeyPem).and.to.contain('BEGIN PRIVATE KEY');
    expect(statSync(file).mode & 0o777).to.equal(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).to.have.keys('SECRETS_KEY', 'JWT_SIGNING_KEY');
  });

  it('requires the secrets in production and refuses test-only switches there, listing every problem at once', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', PORT: 'eighty', WEBHOOK_RETRY_SCHEDULE: '1s,soon' });
    } catch (err) {
      error = err as ConfigError;
    }
    expect(error).to.be.instanceOf(ConfigError);
    expect(error!.problems).to.have.length(5);
    const text = error!.problems.join('\n');
    for (const key of ['PORT', 'WEBHOOK_RETRY_SCHEDULE', 'WEBHOOK_ALLOW_PRIVATE_TARGETS', 'SECRETS_KEY', 'JWT_SIGNING_KEY']) {
      expect(text).to.contain(key);
    }
  });

  it('hashes passwords at scrypt N=2^17 by default; a lower PASSWORD_HASH_COST only under NODE_ENV=test', async () => {
    expect(loadConfig({ NODE_ENV: 'development' }, { localSecretsFile: scratch() }).passwordHashCost).to.equal(17);
    expect(loadConfig({ NODE_ENV: 'development', PASSWORD_HASH_COST: '18' }, { localSecretsFile: scratch() }).passwordHashCost).to.equal(18);
    expect(loadConfig(testEnv({ PASSWORD_HASH_COST: '10' })).passwordHashCost).to.equal(10);
    expect(() => loadConfig({ NODE_ENV: 'development', PASSWORD_HASH_COST: '12' }, { localSecretsFile: scratch() }))
      .to.throw(ConfigError, 'PASSWORD_HASH_COST must be an integer from 17 to 20 (got "12")');
    const low = await hashPassword('pw', 10);
    expect(low).to.match(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('pw', low)).to.equal(true);
    expect(await verifyPassword('px', low)).to.equal(false);
  });

  it('parses retry waits with units ms, s, m and h', () => {
    expect(parseDuration('250ms')).to.equal(250);
    expect(parseDuration('1s')).to.equal(1000);
    expect(parseDuration('5m')).to.equal(300_000);
    expect(parseDuration('2h')).to.equal(7_200_000);
    expect(parseDuration('5')).to.equal(null);
    expect(parseDuration('-1s')).to.equal(null);
    const c = loadConfig(testEnv({ WEBHOOK_RETRY_SCHEDULE: '10ms, 2s,1m' }));
    expect(c.webhookRetryScheduleMs).to.deep.equal([10, 2000, 60_000]);
  });

  it('accepts several master keys with ids, the first encrypting', () => {
    const c = loadConfig(testEnv({ SECRETS_KEY: `new:${'cd'.repeat(32)},old:${Buffer.alloc(32, 7).toString('base64')}` }));
    expect(c.secretsKeys.map((k) => k.id)).to.deep.equal(['new', 'old']);
    expect(() => loadConfig(testEnv({ SECRETS_KEY: 'short' }))).to.throw(ConfigError, /SECRETS_KEY/);
  });

  it('takes TRUST_PROXY as a hop count or a list of proxies, never true', () => {
    expect(loadConfig(testEnv({})).trustProxy).to.equal(false);
    expect(loadConfig(testEnv({ TRUST_PROXY: '1' })).trustProxy).to.equal(1);
    expect(loadConfig(testEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8,2001:db8::1' })).trustProxy).to.deep.equal(['loopback', '10.0.0.0/8', '2001:db8::1']);
    for (const bad of ['true', 'anyone', '10.0.0.0/33', '11']) {
      expect(() => loadConfig(testEnv({ TRUST_PROXY: bad })), bad).to.throw(ConfigError, /TRUST_PROXY/);
    }
  });

  it('rejects a JWT signing key that is not P-256', () => {
    expect(() => loadConfig(testEnv({ JWT_SIGNING_KEY: 'not a key' }))).to.throw(ConfigError, /JWT_SIGNING_KEY/);
  });
});
