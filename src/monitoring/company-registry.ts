/**
 * The CompanyRegistry port: a company's current record at its registry (officers and owners), so that a
 * monitoring run can see a structure that no longer matches the case's parties, or a company that is gone.
 * The local default reads a JSON-lines registry file (REGISTRY_PATH, default the bundled fictional
 * data/registry/sample.jsonl); an adapter for a Companies House-like JSON API over HTTPS sits behind the
 * same port (worker/vendors/http-company-registry.ts).
 */

/** What the case knows of the company: its registration number and jurisdiction (ISO alpha-2 when known). */
export interface RegistryQuery {
  registrationNumber: string;
  country: string | null;
}

/** A person or entity on the register: an officer (director, secretary) or an owner (person with significant control). */
export interface RegistryParty {
  name: string;
  /** `individual` or `corporate` (an owner that is itself an entity: an intermediary). */
  kind: 'individual' | 'corporate';
}

export interface RegistryCompany {
  registrationNumber: string;
  name: string;
  /** As the registry says it (`active`, `dissolved` ...). */
  status: string;
  /** Current officers (resigned ones left out). */
  officers: RegistryParty[];
  /** Current owners (ceased ones left out). */
  owners: RegistryParty[];
}

export type RegistryLookup = { status: 'found'; company: RegistryCompany } | { status: 'not_found' };

export interface CompanyRegistry {
  /** `local` or `http`. */
  readonly name: string;
  /** The company's record, or not_found; rejects when the registry cannot be asked (the run's check is then `error`). */
  lookup(query: RegistryQuery): Promise<RegistryLookup>;
}

declare module '../services' {
  interface Services {
    /** Company registry refresh of monitoring runs: the local registry file, or a Companies House-like API (REGISTRY_PROVIDER). */
    registry: CompanyRegistry;
  }
}
