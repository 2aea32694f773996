import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLED_ADVERSE_MEDIA, BUNDLED_REGISTRY, BUNDLED_WATCHLIST, type Services } from '../../src/platform/index';
import { LocalAdverseMediaSource, LocalCompanyRegistry } from '../../src/monitoring/index';
import { LocalScreeningProvider } from '../../src/screening/index';
import type { Tenant } from '../../src/tenants/index';
import { caseWithApplication, type Owner } from '../screening/support';

/**
 * Copies of the bundled sample watchlist, registry and adverse media corpus that a test may edit (a
 * listing's datasets changed, an entity delisted), and the local sources over them. The local sources
 * re-read a changed file at most every 5 s, so a test that edits a file installs fresh sources (use()).
 */
export class SampleSources {
  private constructor(readonly dir: string) {}

  static async create(): Promise<SampleSources> {
    const dir = await mkdtemp(join(tmpdir(), 'monitoring-'));
    await copyFile(BUNDLED_WATCHLIST, join(dir, 'watchlist.jsonl'));
    await copyFile(BUNDLED_REGISTRY, join(dir, 'registry.jsonl'));
    await copyFile(BUNDLED_ADVERSE_MEDIA, join(dir, 'media.jsonl'));
    return new SampleSources(dir);
  }

  get watchlist() {
    return join(this.dir, 'watchlist.jsonl');
  }

  /** Fresh local sources over the current files, installed on svc. */
  use(svc: Services): void {
    svc.screening = new LocalScreeningProvider({ path: this.watchlist, threshold: 0.7 });
    svc.registry = new LocalCompanyRegistry(join(this.dir, 'registry.jsonl'));
    svc.adverseMedia = new LocalAdverseMediaSource(join(this.dir, 'media.jsonl'));
  }

  /** Rewrites the watchlist's entities through `edit` (return null to delist one). */
  async editWatchlist(edit: (entity: Record<string, unknown>) => Record<string, unknown> | null): Promise<void> {
    const lines = (await readFile(this.watchlist, 'utf8')).split('\n').filter((l) => l.trim());
    const out = lines.map((l) => edit(JSON.parse(l) as Record<string, unknown>)).filter((e) => e !== null).map((e) => JSON.stringify(e));
    await writeFile(this.watchlist, out.join('\n') + '\n');
  }
}

/** The application of Northgate Shipping Ltd (registry 09000002): a sanctioned UBO (fict-p-001), a PEP UBO (fict-p-022), a director in the news. */
export const NORTHGATE = {
  companyName: 'Northgate Shipping Ltd', country: 'GB',
  directors: [{ name: 'Erik Halvorsen', dateOfBirth: '1975-05-05', nationality: 'NO' }] as Owner[],
  ubos: [
    { name: 'Viktor Zhelezny', dateOfBirth: '1961-03-14', nationality: 'RU' },
    { name: 'Smitherton John', dateOfBirth: '1985-07-19', nationality: 'US' },
  ] as Owner[],
};

/**
 * An approved case with a saved application (the portal's use case) and, when given, a registration
 * number. Approval itself is the decision workflow's (other issues): the status is set directly.
 */
export async function approvedCase(
  svc: Services, tenant: Tenant, app: typeof NORTHGATE = NORTHGATE, registrationNumber: string | null = '09000002',
): Promise<{ caseId: string; pk: number }> {
  const c = await caseWithApplication(svc, tenant, app);
  if (registrationNumber) {
    await svc.db.query('UPDATE company_profiles SET registration_number = ? WHERE org_id = ? AND case_pk = ?', [registrationNumber, tenant.id, c.pk]);
  }
  await svc.db.query("UPDATE cases SET status = 'approved' WHERE org_id = ? AND pk = ?", [tenant.id, c.pk]);
  return { caseId: c.caseId, pk: c.pk };
}

/** The case's monitoring events (stored payloads), oldest first. */
export async function monitoringEvents(svc: Services, orgId: string, pk: number): Promise<Record<string, unknown>[]> {
  const rows: { data: string }[] = await svc.db.query(
    // The runs' own events (alerts, run completed); the reviews they open are test/monitoring-reviews' and reviews-from-runs'.
    "SELECT data FROM events WHERE org_id = ? AND case_pk = ? AND type LIKE 'monitoring.%' AND type NOT LIKE 'monitoring.review.%' ORDER BY case_sequence", [orgId, pk],
  );
  return rows.map((r) => JSON.parse(r.data) as Record<string, unknown>);
}
