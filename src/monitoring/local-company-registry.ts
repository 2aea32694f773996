import type { CompanyRegistry, RegistryCompany, RegistryLookup, RegistryParty, RegistryQuery } from './company-registry';
import { JsonlFile } from './jsonl-file';

/** The registration number as registries compare it: upper case, no spaces. */
export const registrationKey = (n: string) => n.replace(/\s+/g, '').toUpperCase();

const partiesOf = (v: unknown): RegistryParty[] =>
  (Array.isArray(v) ? v : [])
    .filter((p): p is { name: string; kind?: unknown; ceased?: unknown } => !!p && typeof (p as { name?: unknown }).name === 'string')
    .filter((p) => !p.ceased)
    .map((p) => ({ name: p.name, kind: p.kind === 'corporate' ? 'corporate' : 'individual' }));

/**
 * The local CompanyRegistry: a JSON-lines file, one company a line
 * (`{"registrationNumber", "country", "name", "status", "officers": [{name, kind}], "owners": [{name, kind}]}`),
 * looked up by registration number (and country when both sides know it). No network.
 */
export class LocalCompanyRegistry implements CompanyRegistry {
  readonly name = 'local';
  private readonly file: JsonlFile<Map<string, (RegistryCompany & { country: string | null })[]>>;

  constructor(path: string) {
    this.file = new JsonlFile(path, 'registry (REGISTRY_PATH)', (rows) => {
      const byNumber = new Map<string, (RegistryCompany & { country: string | null })[]>();
      for (const r of rows) {
        if (typeof r.registrationNumber !== 'string' || typeof r.name !== 'string') continue;
        const company = {
          registrationNumber: r.registrationNumber, name: r.name, status: typeof r.status === 'string' ? r.status : 'active',
          country: typeof r.country === 'string' ? r.country.toUpperCase() : null, officers: partiesOf(r.officers), owners: partiesOf(r.owners),
        };
        const key = registrationKey(r.registrationNumber);
        byNumber.set(key, [...(byNumber.get(key) ?? []), company]);
      }
      return byNumber;
    });
  }

  async lookup(query: RegistryQuery): Promise<RegistryLookup> {
    const found = (await this.file.current()).get(registrationKey(query.registrationNumber)) ?? [];
    const match = found.find((c) => !query.country || !c.country || c.country === query.country.toUpperCase());
    if (!match) return { status: 'not_found' };
    const { country: _country, ...company } = match;
    return { status: 'found', company };
  }
}
