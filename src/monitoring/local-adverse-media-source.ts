import type { AdverseMediaArticle, AdverseMediaQuery, AdverseMediaSource } from './adverse-media-source';
import { JsonlFile, strings } from './jsonl-file';
import { nameKey } from './party-names';

const SEVERITIES = new Set(['low', 'medium', 'high']);

/**
 * The local AdverseMediaSource: a JSON-lines corpus, one article a line
 * (`{"id", "title", "source", "publishedAt", "topics": [], "severity", "names": []}`), where `names` are
 * the people and companies the article is about. A subject matches an article naming it (same words, any
 * order, any script). No network.
 */
export class LocalAdverseMediaSource implements AdverseMediaSource {
  readonly name = 'local';
  private readonly file: JsonlFile<Map<string, AdverseMediaArticle[]>>;

  constructor(path: string) {
    this.file = new JsonlFile(path, 'adverse media corpus (ADVERSE_MEDIA_PATH)', (rows) => {
      const byName = new Map<string, AdverseMediaArticle[]>();
      for (const r of rows) {
        if (typeof r.id !== 'string' || typeof r.title !== 'string') continue;
        const article: AdverseMediaArticle = {
          id: r.id, title: r.title, source: typeof r.source === 'string' ? r.source : '', publishedAt: typeof r.publishedAt === 'string' ? r.publishedAt : '',
          topics: strings(r.topics), severity: SEVERITIES.has(r.severity as string) ? (r.severity as AdverseMediaArticle['severity']) : 'medium',
        };
        for (const n of new Set(strings(r.names).map(nameKey))) byName.set(n, [...(byName.get(n) ?? []), article]);
      }
      return byName;
    });
  }

  async search(query: AdverseMediaQuery): Promise<AdverseMediaArticle[]> {
    return (await this.file.current()).get(nameKey(query.name)) ?? [];
  }
}
