import {
  matchCounts, matchOfFtmEntity, type FtmEntity, type ScreeningMatch, type ScreeningProvider, type ScreeningQueryOptions, type ScreeningSubject,
} from '../../src/screening/index';
import type { YenteConfig } from '../../src/platform/index';

/** Results asked of yente per subject (its `limit`), best first. */
const MATCH_LIMIT = 10;

/** One scored result of yente's `/match` (an FtM entity plus its score and whether it passed the threshold). */
interface YenteResult extends FtmEntity {
  score?: unknown;
  match?: unknown;
}

/**
 * The ScreeningProvider of OpenSanctions' self-hosted matching API, yente: `POST /match/{dataset}` with the
 * subject as a FollowTheMoney query-by-example (`{"queries": {"<key>": {"schema", "properties"}}}`), read
 * back from `responses.<key>.results`. yente scores (its default algorithm) and applies our threshold;
 * results below it, or with `match: false`, are dropped. listVersion is the dataset's version from
 * `GET /catalog`. The API key (YENTE_API_KEY), when set, goes only into the Authorization header: never
 * into an error, a log line or a job.
 */
export class YenteScreeningProvider implements ScreeningProvider {
  readonly name = 'yente';

  constructor(
    private readonly config: YenteConfig,
    private readonly threshold: number,
  ) {}

  /**
   * A tenant's settings: the threshold goes to yente (`threshold`), the datasets as `include_dataset`
   * (each one); topics are filtered on yente's answer. Date tolerance and weak aliases are yente's own
   * scoring (its algorithm has no such knobs), so they do not reach it.
   */
  async screen(subject: ScreeningSubject, options?: ScreeningQueryOptions): Promise<ScreeningMatch[]> {
    const threshold = options?.threshold ?? this.threshold;
    const query = new URLSearchParams({ threshold: String(threshold), limit: String(MATCH_LIMIT) });
    for (const d of options?.datasets ?? []) query.append('include_dataset', d);
    const body = { queries: { subject: queryOf(subject) } };
    const answer = await this.request(`/match/${encodeURIComponent(this.config.dataset)}?${query}`, { method: 'POST', body: JSON.stringify(body) });
    const results = (answer as { responses?: { subject?: { results?: unknown } } }).responses?.subject?.results;
    if (!Array.isArray(results)) throw new Error('yente /match answered without responses.subject.results');
    const out: ScreeningMatch[] = [];
    for (const r of results as YenteResult[]) {
      if (!r || typeof r.id !== 'string' || typeof r.schema !== 'string' || typeof r.properties !== 'object' || r.properties === null) continue;
      const score = typeof r.score === 'number' && Number.isFinite(r.score) ? Math.min(1, Math.max(0, r.score)) : null;
      if (score === null || r.match === false || score < threshold) continue;
      const m = matchOfFtmEntity(r, Math.round(score * 1000) / 1000);
      if (m && m.schema === subject.schema && matchCounts(m, options)) out.push(m);
    }
    return out.sort((a, b) => b.score - a.score);
  }

  async listVersion(): Promise<string> {
    const catalog = (await this.request('/catalog', { method: 'GET' })) as { datasets?: { name?: unknown; version?: unknown; index_version?: unknown }[] };
    const ds = (catalog.datasets ?? []).find((d) => d.name === this.config.dataset);
    const version = ds ? (ds.index_version ?? ds.version) : null;
    if (typeof version !== 'string') throw new Error(`yente /catalog has no version for the dataset ${this.config.dataset}`);
    return `yente:${this.config.dataset}:${version}`;
  }

  private async request(path: string, init: { method: string; body?: string }): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body) headers['content-type'] = 'application/json';
    if (this.config.apiKey) headers.authorization = `ApiKey ${this.config.apiKey}`;
    let res: Response;
    try {
      res = await fetch(`${this.config.url}${path}`, { ...init, headers, signal: AbortSignal.timeout(this.config.timeoutMs) });
    } catch (err) {
      throw new Error(`yente ${init.method} ${path.split('?')[0]} failed: ${(err as Error).name === 'TimeoutError' ? `no answer in ${this.config.timeoutMs} ms` : (err as Error).message}`);
    }
    if (!res.ok) {
      // yente's errors are {"detail": "..."}; a short excerpt helps an operator, and holds no secret of ours.
      const text = (await res.text().catch(() => '')).slice(0, 200);
      throw new Error(`yente ${init.method} ${path.split('?')[0]} answered ${res.status}${text ? `: ${text}` : ''}`);
    }
    try {
      return await res.json();
    } catch {
      throw new Error(`yente ${init.method} ${path.split('?')[0]} answered with a body that is not JSON`);
    }
  }
}

/**
 * The subject as yente's query-by-example: a Person by name, birthDate and nationality (and country of
 * residence); a Company by name and jurisdiction. Only what is known is sent.
 */
export function queryOf(subject: ScreeningSubject): { schema: string; properties: Record<string, string[]> } {
  const properties: Record<string, string[]> = { name: [subject.name] };
  if (subject.schema === 'Person') {
    if (subject.birthDate) properties.birthDate = [subject.birthDate];
    if (subject.nationality) properties.nationality = [subject.nationality.toLowerCase()];
    if (subject.country) properties.country = [subject.country.toLowerCase()];
  } else if (subject.country) {
    properties.jurisdiction = [subject.country.toLowerCase()];
  }
  return { schema: subject.schema, properties };
}
