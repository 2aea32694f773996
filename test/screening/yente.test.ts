import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createScreeningProvider } from '../../bin/compose';
import { LocalScreeningProvider, type ScreeningSubject } from '../../src/screening/index';
import { YenteScreeningProvider } from '../../worker/vendors/yente';
import { testConfig } from '../support/env';

/**
 * A local server speaking yente's API (POST /match/{dataset}, GET /catalog) as yente answers them: each
 * request is recorded (method, path, query, headers, JSON body), and the test sets the answer.
 */
class FakeYente {
  readonly requests: { method: string; path: string; query: URLSearchParams; headers: IncomingMessage['headers']; body: unknown }[] = [];
  answer: (req: FakeYente['requests'][number]) => { status: number; body: unknown; delayMs?: number } = () => ({ status: 500, body: { detail: 'unset' } });
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const u = new URL(req.url!, 'http://127.0.0.1');
        const text = Buffer.concat(chunks).toString('utf8');
        const rec = { method: req.method!, path: u.pathname, query: u.searchParams, headers: req.headers, body: text ? JSON.parse(text) : null };
        this.requests.push(rec);
        const a = this.answer(rec);
        const send = () => {
          res.writeHead(a.status, { 'content-type': 'application/json' });
          res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body));
        };
        if (a.delayMs) setTimeout(send, a.delayMs);
        else send();
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

/** A scored result as yente returns it (ScoredEntityResponse). */
const result = (id: string, score: number, props: Record<string, string[]>, more: Record<string, unknown> = {}) => ({
  id, caption: props.name?.[0] ?? id, schema: 'Person', properties: props, datasets: ['us_ofac_sdn'], referents: [], target: true,
  first_seen: '2024-01-01T00:00:00', last_seen: '2025-01-01T00:00:00', last_change: '2024-06-01T00:00:00',
  score, explanations: { name_literal_match: { description: 'Two entities have the same name', coefficient: 1 } }, match: score >= 0.7, ...more,
});

const subject: ScreeningSubject = {
  subjectId: 'director:0', name: 'Viktor Zhelezny', role: 'director', schema: 'Person', birthDate: '1961-03-14', nationality: 'RU', country: 'GB',
};

describe('screening: the yente adapter (against a local server speaking yente\'s API)', () => {
  const yente = new FakeYente();
  before(() => yente.start());
  after(() => yente.stop());
  beforeEach(() => {
    yente.requests.length = 0;
  });

  const provider = (more: { apiKey?: string | null; timeoutMs?: number; dataset?: string } = {}) =>
    new YenteScreeningProvider({ url: yente.url, dataset: more.dataset ?? 'default', apiKey: more.apiKey ?? null, timeoutMs: more.timeoutMs ?? 2000 }, 0.7);

  it('POSTs the subject as an FtM query-by-example to /match/{dataset} with the threshold, and maps yente\'s results', async () => {
    yente.answer = () => ({
      status: 200,
      body: {
        responses: {
          subject: {
            status: 200, total: { value: 3, relation: 'eq' }, query: { id: null, schema: 'Person', properties: {} },
            results: [
              result('NK-low', 0.71, { name: ['Viktor Zheleznov'], topics: ['role.pep'], birthDate: ['1950'] }),
              result('NK-zhel', 0.93, {
                name: ['Viktor Aleksandrovich Zhelezny'], alias: ['Виктор Железный'], topics: ['sanction', 'role.pep'], position: ['Chairman'],
                nationality: ['RU'], citizenship: ['cy'], birthDate: ['1961-03-14'], country: ['ru'],
              }, { datasets: ['eu_fsf', 'gb_hmt_sanctions'] }),
              result('NK-below', 0.5, { name: ['Viktor Zhel'] }),
              result('NK-vessel', 0.95, { name: ['Viktor Zhelezny'] }, { schema: 'Vessel' }),
            ],
          },
        },
        limit: 10,
      },
    });
    const matches = await provider({ dataset: 'sanctions' }).screen(subject);

    expect(yente.requests).to.have.length(1);
    const req = yente.requests[0]!;
    expect(req.method).to.equal('POST');
    expect(req.path).to.equal('/match/sanctions');
    expect(Object.fromEntries(req.query)).to.deep.equal({ threshold: '0.7', limit: '10' });
    expect(req.headers['content-type']).to.equal('application/json');
    expect(req.headers.authorization).to.equal(undefined);
    expect(req.body).to.deep.equal({
      queries: { subject: { schema: 'Person', properties: { name: ['Viktor Zhelezny'], birthDate: ['1961-03-14'], nationality: ['ru'], country: ['gb'] } } },
    });
    expect(matches).to.deep.equal([
      {
        entityId: 'NK-zhel', caption: 'Viktor Aleksandrovich Zhelezny', schema: 'Person', score: 0.93, topics: ['sanction', 'role.pep'], positions: ['Chairman'],
        nationality: ['ru', 'cy'], birthDates: ['1961-03-14'], countries: ['ru'], datasets: ['eu_fsf', 'gb_hmt_sanctions'], isPep: true, isSanctioned: true,
        names: ['Viktor Aleksandrovich Zhelezny'], aliases: ['Виктор Железный'], weakAliases: [], programs: [],
      },
      {
        entityId: 'NK-low', caption: 'Viktor Zheleznov', schema: 'Person', score: 0.71, topics: ['role.pep'], positions: [], nationality: [],
        birthDates: ['1950'], countries: [], datasets: ['us_ofac_sdn'], isPep: true, isSanctioned: false,
        names: ['Viktor Zheleznov'], aliases: [], weakAliases: [], programs: [],
      },
    ]);
  });

  it('a tenant\'s settings: the threshold and each dataset go to yente (include_dataset), the topics filter its answer', async () => {
    yente.answer = () => ({
      status: 200,
      body: {
        responses: {
          subject: {
            results: [
              result('NK-zhel', 0.93, { name: ['Viktor Zhelezny'], topics: ['sanction'] }, { datasets: ['eu_fsf'] }),
              result('NK-pep', 0.92, { name: ['Viktor Zheleznov'], topics: ['role.pep'] }, { datasets: ['eu_fsf'] }),
              result('NK-low', 0.85, { name: ['Viktor Zhel'], topics: ['sanction'] }, { datasets: ['eu_fsf'] }),
            ],
          },
        },
        limit: 10,
      },
    });
    const matches = await provider().screen(subject, { threshold: 0.9, datasets: ['eu_fsf', 'gb_hmt_sanctions'], topics: ['sanction'], birthDateTolerance: 'year' });
    const req = yente.requests[0]!;
    expect(req.query.get('threshold')).to.equal('0.9');
    expect(req.query.getAll('include_dataset')).to.deep.equal(['eu_fsf', 'gb_hmt_sanctions']);
    expect(matches.map((m) => m.entityId)).to.deep.equal(['NK-zhel']);
  });

  it('sends a company by name and jurisdiction, and the API key as `Authorization: ApiKey`', async () => {
    yente.answer = () => ({ status: 200, body: { responses: { subject: { results: [] } }, limit: 10 } });
    const co: ScreeningSubject = { subjectId: 'company', name: 'Globex Trading Ltd', role: 'company', schema: 'Company', birthDate: null, nationality: null, country: 'GB' };
    expect(await provider({ apiKey: 'k-secret-123' }).screen(co)).to.deep.equal([]);
    const req = yente.requests[0]!;
    expect(req.headers.authorization).to.equal('ApiKey k-secret-123');
    expect(req.body).to.deep.equal({ queries: { subject: { schema: 'Company', properties: { name: ['Globex Trading Ltd'], jurisdiction: ['gb'] } } } });
  });

  it('reads listVersion from GET /catalog (the dataset\'s indexed version)', async () => {
    yente.answer = (r) => (r.path === '/catalog'
      ? { status: 200, body: { datasets: [{ name: 'sanctions', version: '20250102', index_version: '20250101' }, { name: 'default', version: '20250203', index_version: null }], current: [], outdated: [] } }
      : { status: 404, body: { detail: 'no' } });
    expect(await provider({ dataset: 'sanctions' }).listVersion()).to.equal('yente:sanctions:20250101');
    expect(await provider().listVersion()).to.equal('yente:default:20250203');
    await provider({ dataset: 'nope' }).listVersion().then(() => expect.fail('no version'), (e: Error) => expect(e.message).to.equal('yente /catalog has no version for the dataset nope'));
  });

  it('fails with a clear error (never the API key) on an error status, a body out of shape, or no answer in time', async () => {
    const failure = (p: Promise<unknown>) => p.then(() => expect.fail('should fail'), (e: Error) => e.message);
    yente.answer = () => ({ status: 400, body: { detail: 'Cannot parse example entity' } });
    const bad = await failure(provider({ apiKey: 'k-secret-123' }).screen(subject));
    expect(bad).to.equal('yente POST /match/default answered 400: {"detail":"Cannot parse example entity"}');
    yente.answer = () => ({ status: 200, body: { responses: {} } });
    expect(await failure(provider({ apiKey: 'k-secret-123' }).screen(subject))).to.equal('yente /match answered without responses.subject.results');
    yente.answer = () => ({ status: 200, body: 'not json' });
    expect(await failure(provider().screen(subject))).to.equal('yente POST /match/default answered with a body that is not JSON');
    yente.answer = () => ({ status: 200, body: { responses: { subject: { results: [] } } }, delayMs: 500 });
    const slow = await failure(provider({ apiKey: 'k-secret-123', timeoutMs: 100 }).screen(subject));
    expect(slow).to.equal('yente POST /match/default failed: no answer in 100 ms');
    for (const m of [bad, slow]) expect(m).to.not.include('k-secret-123');
  });

  it('is what SCREENING_PROVIDER=yente wires; the default is the local matcher', () => {
    const y = createScreeningProvider(testConfig({ SCREENING_PROVIDER: 'yente', YENTE_URL: yente.url, YENTE_API_KEY: 'k' }));
    expect(y).to.be.instanceOf(YenteScreeningProvider);
    expect(y.name).to.equal('yente');
    expect(createScreeningProvider(testConfig())).to.be.instanceOf(LocalScreeningProvider);
    expect(() => testConfig({ SCREENING_PROVIDER: 'yente' })).to.throw(/YENTE_URL is required when SCREENING_PROVIDER=yente/);
    expect(() => testConfig({ SCREENING_PROVIDER: 'other', SCREENING_MATCH_THRESHOLD: '1.5' })).to.throw(/SCREENING_PROVIDER must be local or yente[\s\S]*SCREENING_MATCH_THRESHOLD must be a number from 0 to 1/);
  });
});
