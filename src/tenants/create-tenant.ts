import { randomUUID } from 'node:crypto';
import type { ServiceOperator } from '../access/index';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { requireText, throwIfAny } from '../validation';
import type { ValidationDetail } from '../errors';
import { Tenant } from './tenant.entity';

export interface CreateTenantInput {
  name: string;
  brandColor?: string;
  logoUrl?: string | null;
}

/** Creates a tenant (organisation); its orgId is a UUID v4. The service operator's alone. */
export async function createTenant(svc: Services, _operator: ServiceOperator, input: CreateTenantInput): Promise<Tenant> {
  const details: ValidationDetail[] = [];
  const name = requireText(details, 'name', input.name, 200);
  const brandColor = input.brandColor ?? '#1F4FD8';
  if (!/^#[0-9A-Fa-f]{6}$/.test(brandColor)) details.push({ path: 'brandColor', message: 'must be a colour like #1F4FD8' });
  if (input.logoUrl && !/^https?:\/\//.test(input.logoUrl)) details.push({ path: 'logoUrl', message: 'must be an http(s) URL' });
  throwIfAny(details);
  const now = svc.clock.now();
  const tenant = Object.assign(new Tenant(), {
    id: randomUUID(), name, brandColor, logoUrl: input.logoUrl ?? null,
    fullParityEntitled: false, fullParityEnabled: false, fourEyes: true, createdAt: now, updatedAt: now,
  });
  await inTransaction(svc, (tx) => tx.manager.insert(Tenant, tenant));
  return tenant;
}
