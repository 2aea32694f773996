import type { EntityManager } from 'typeorm';
import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import type { Services } from '../platform/index';
import { findCurrentMember, getTenant, type Tenant } from '../tenants/index';
import { toSsoConnectionView, type SsoConnectionView, type SsoOnlySetting } from './sso-connection';
import { findConnection } from './sso-connections.repository';

/** The tenant's SSO connection (admin), never its secret, or null when there is none. */
export async function getSsoConnection(svc: Services, actor: Actor): Promise<SsoConnectionView | null> {
  authorize(actor, 'sso:configure');
  const row = await findConnection(forTenant(svc.db.manager, actor.orgId));
  return row ? toSsoConnectionView(svc.config, row, await ssoOnlySettingOf(svc.db.manager, await getTenant(svc, actor.orgId))) : null;
}

/** The tenant's "SSO only" switch and its break-glass admin (their email only while they are a current admin). */
export async function ssoOnlySettingOf(manager: EntityManager, tenant: Tenant): Promise<SsoOnlySetting> {
  const id = tenant.ssoBreakGlassMemberId;
  const member = id ? await findCurrentMember(manager, tenant.id, id) : null;
  return { ssoOnly: tenant.ssoOnly, breakGlass: id ? { id, email: member?.role === 'admin' ? member.email : null } : null };
}
