import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import type { Services } from '../platform/index';
import { getTenant } from '../tenants/index';
import { toSsoConnectionView, type SsoConnectionView } from './sso-connection';
import { findConnection } from './sso-connections.repository';

/** The tenant's SSO connection (admin), never its secret, or null when there is none. */
export async function getSsoConnection(svc: Services, actor: Actor): Promise<SsoConnectionView | null> {
  authorize(actor, 'sso:configure');
  const row = await findConnection(forTenant(svc.db.manager, actor));
  return row ? toSsoConnectionView(svc.config, row, (await getTenant(svc, actor.orgId)).ssoRequired) : null;
}
