import { randomUUID } from 'node:crypto';
import type { ServiceOperator } from '../access/index';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { requireText, throwIfAny } from '../validation';
import type { ValidationDetail } from '../errors';
import { Tenant } from './tenant.entity';
import { freeSlugFor, isDuplicateSlug } from './tenant-slug';

export interface CreateTenantInput {
  name: string;
  brandColor?: string;
  logoUrl?: string | null;
}

/** Creates a tenant (organisation); its orgId is a UUID v4, its slug that of its name. The service operator's alone. */
export async function createTenant(svc: Services, _operator: ServiceOperator, input: CreateTenantInput): Promise<Tenant> {
  const details: ValidationDetail[] = [];
  const name = requireText(details, 'name', input.name, 200);
  const brandColor = input.brandColor ?? '#1F4FD8';
  if (!/^#[0-9A-Fa-f]{6}$/.test(brandColor)) details.push({ path: 'brandColor', message: 'must be a colour like #1F4FD8' });
  if (input.logoUrl && !/^https?:\/\//.test(input.logoUrl)) details.push({ path: 'logoUrl', message: 'must be an http(s) URL' });
  throwIfAny(details);
  const now = svc.clock.now();
  const tenant = Object.assign(new Tenant(), {
    id: randomUUID(), name, slug: '', brandColor, logoUrl: input.logoUrl ?? null,
    fullParityEntitled: false, fullParityEnabled: false, zeroRetention: false, zeroRetentionSince: null, fourEyes: true, defaultMlroMemberId: null,
    idvRequireSelfie: false, idvAcceptDocumentOnFile: false, publicIntakeEnabled: false, createdAt: now, updatedAt: now,
  });
  // The slug of its name (tenant-slug.ts); a race for the same one loses on the unique key and takes another.
  for (let attempt = 0; ; attempt++) {
    try {
      await inTransaction(svc, async (tx) => {
        tenant.slug = await freeSlugFor(tx.manager, name, attempt);
        await tx.manager.insert(Tenant, tenant);
      });
      return tenant;
    } catch (err) {
      if (!isDuplicateSlug(err) || attempt >= 4) throw err;
    }
  }
}
