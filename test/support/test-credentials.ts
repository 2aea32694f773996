import { operatorActor } from '../../src/access/index';
import { createApiClient } from '../../src/oauth/index';
import type { Services } from '../../src/platform/index';

/** Test credentials of a tenant (test mode: a client id beginning `test_`) with `scopes`, test_helpers among them unless told otherwise. */
export async function mintTestClient(svc: Services, orgId: string, scopes = 'read:cases cases:write read:events test_helpers'): Promise<{ clientId: string; clientSecret: string }> {
  const c = await createApiClient(svc, operatorActor(orgId), { name: 'Test CRM', scopes, mode: 'test' });
  return { clientId: c.clientId, clientSecret: c.clientSecret! };
}
