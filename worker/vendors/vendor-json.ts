import { Agent, request } from 'undici';

export interface VendorJsonOptions {
  /** What the vendor is, in errors (`registry`, `adverse media`). */
  name: string;
  /** Base URL, no trailing slash. */
  url: string;
  timeoutMs: number;
  /** Extra CA certificates to trust (tests' local HTTPS servers); default the system's. */
  ca?: string | Buffer;
}

/**
 * A small JSON GET client of a vendor API over undici: one keep-alive agent, a budget per request, and
 * errors that name the vendor, the path and the status but never the credentials nor the query's
 * values (a party's name may be in the query string).
 */
export class VendorJson {
  private readonly agent: Agent;

  constructor(private readonly options: VendorJsonOptions) {
    this.agent = new Agent({ connect: options.ca ? { ca: options.ca } : {}, keepAliveTimeout: 10_000 });
  }

  /** GETs a path: the parsed body for 2xx, null for 404, an Error otherwise. */
  async get(path: string, headers: Record<string, string>): Promise<unknown> {
    const shown = path.split('?')[0]!.replace(/\/[^/]*\d[^/]*/g, '/{id}');
    let res;
    try {
      res = await request(`${this.options.url}${path}`, {
        method: 'GET', dispatcher: this.agent, headers: { accept: 'application/json', ...headers },
        headersTimeout: this.options.timeoutMs, bodyTimeout: this.options.timeoutMs, signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      const e = err as Error;
      throw new Error(`${this.options.name} GET ${shown} failed: ${e.name === 'TimeoutError' || /timeout/i.test(e.name) ? `no answer in ${this.options.timeoutMs} ms` : e.message}`);
    }
    if (res.statusCode === 404) {
      await res.body.dump();
      return null;
    }
    if (res.statusCode < 200 || res.statusCode > 299) {
      await res.body.dump();
      throw new Error(`${this.options.name} GET ${shown} answered ${res.statusCode}`);
    }
    try {
      return await res.body.json();
    } catch {
      throw new Error(`${this.options.name} GET ${shown} answered with a body that is not JSON`);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
