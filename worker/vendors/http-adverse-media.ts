import type { AdverseMediaArticle, AdverseMediaQuery, AdverseMediaSource } from '../../src/monitoring/index';
import type { VendorHttpConfig } from '../../src/platform/index';
import { VendorJson } from './vendor-json';

const SEVERITIES = new Set(['low', 'medium', 'high']);

/**
 * The AdverseMediaSource of an HTTP JSON search API: `GET /search?q=<name>&type=person|company` with
 * `Authorization: Bearer <key>`, answering `{articles: [{id, title, source, publishedAt, topics, severity}]}`.
 * Articles without an id or title are dropped; an unknown severity is `medium`.
 */
export class HttpAdverseMediaSource implements AdverseMediaSource {
  readonly name = 'http';
  private readonly client: VendorJson;
  private readonly auth: Record<string, string>;

  constructor(config: VendorHttpConfig, options: { ca?: string | Buffer } = {}) {
    this.client = new VendorJson({ name: 'adverse media', url: config.url, timeoutMs: config.timeoutMs, ca: options.ca });
    this.auth = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};
  }

  async search(query: AdverseMediaQuery): Promise<AdverseMediaArticle[]> {
    const q = new URLSearchParams({ q: query.name, type: query.schema === 'Company' ? 'company' : 'person' });
    const body = (await this.client.get(`/search?${q}`, this.auth)) as { articles?: unknown } | null;
    if (body === null || !Array.isArray(body.articles)) throw new Error('adverse media GET /search answered without articles');
    return (body.articles as Record<string, unknown>[])
      .filter((a) => a && typeof a.id === 'string' && typeof a.title === 'string')
      .map((a) => ({
        id: a.id as string, title: a.title as string, source: typeof a.source === 'string' ? a.source : '',
        publishedAt: typeof a.publishedAt === 'string' ? a.publishedAt.slice(0, 10) : '',
        topics: Array.isArray(a.topics) ? a.topics.filter((t): t is string => typeof t === 'string') : [],
        severity: SEVERITIES.has(a.severity as string) ? (a.severity as AdverseMediaArticle['severity']) : 'medium',
      }));
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
