import type { CompanyRegistry, RegistryLookup, RegistryParty, RegistryQuery } from '../../src/monitoring/index';
import { isRegistrationNumber, REGISTRATION_NUMBER_MAX, type VendorHttpConfig } from '../../src/platform/index';
import { VendorJson } from './vendor-json';

interface ChItem {
  name?: unknown;
  officer_role?: unknown;
  kind?: unknown;
  resigned_on?: unknown;
  ceased_on?: unknown;
}

/**
 * The CompanyRegistry of a Companies House-like JSON API (the UK register's public data API shape):
 * `GET /company/{number}` (404: not found), `GET /company/{number}/officers` and
 * `GET /company/{number}/persons-with-significant-control`, each `{items: [...]}`. Officers that resigned
 * and owners that ceased are left out; an owner whose `kind` names a corporate entity is `corporate`.
 * The API key goes as HTTP Basic user name with an empty password, as Companies House expects, and only there.
 */
export class HttpCompanyRegistry implements CompanyRegistry {
  readonly name = 'http';
  private readonly client: VendorJson;
  private readonly auth: Record<string, string>;

  constructor(config: VendorHttpConfig, options: { ca?: string | Buffer } = {}) {
    this.client = new VendorJson({ name: 'registry', url: config.url, timeoutMs: config.timeoutMs, ca: options.ca });
    this.auth = config.apiKey ? { authorization: `Basic ${Buffer.from(`${config.apiKey}:`).toString('base64')}` } : {};
  }

  async lookup(query: RegistryQuery): Promise<RegistryLookup> {
    // The number becomes a URL path segment: only a registration number's characters, and encoded all the same.
    if (!isRegistrationNumber(query.registrationNumber)) {
      throw new Error(`The case's registration number is not one a registry uses (letters, digits, and spaces, hyphens or dots between them, at most ${REGISTRATION_NUMBER_MAX} characters); the registry was not asked.`);
    }
    const number = encodeURIComponent(query.registrationNumber.replace(/\s+/g, '').toUpperCase());
    const profile = (await this.client.get(`/company/${number}`, this.auth)) as { company_name?: unknown; company_number?: unknown; company_status?: unknown } | null;
    if (profile === null) return { status: 'not_found' };
    if (typeof profile !== 'object' || typeof profile.company_name !== 'string') throw new Error('registry GET /company/{id} answered without company_name');
    const [officers, owners] = await Promise.all([
      this.client.get(`/company/${number}/officers`, this.auth), this.client.get(`/company/${number}/persons-with-significant-control`, this.auth),
    ]);
    return {
      status: 'found',
      company: {
        registrationNumber: typeof profile.company_number === 'string' ? profile.company_number : query.registrationNumber, name: profile.company_name,
        status: typeof profile.company_status === 'string' ? profile.company_status : 'unknown',
        officers: itemsOf(officers).filter((i) => !i.resigned_on).map((i) => ({ name: i.name as string, kind: 'individual' as const })),
        owners: itemsOf(owners).filter((i) => !i.ceased_on).map((i): RegistryParty => ({
          name: i.name as string, kind: typeof i.kind === 'string' && i.kind.startsWith('corporate') ? 'corporate' : 'individual',
        })),
      },
    };
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

function itemsOf(body: unknown): ChItem[] {
  const items = (body as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? (items as ChItem[]).filter((i) => i && typeof i.name === 'string') : [];
}
