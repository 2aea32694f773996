import { operatorActor } from '../../src/access/index';
import { createApiClient } from '../../src/oauth/index';
import type { Services } from '../../src/platform/index';

/**
 * Test credentials of a tenant: an API client with `scopes` (test_helpers among them unless told otherwise) whose
 * client id begins `test_`. For now a normal client renamed by SQL (nothing references a client before its first
 * token); test mode's own minting replaces this body.
 */
export async function mintTestClient(svc: Services, orgId: string, scopes = 'read:cases cases:write read:events test_helpers'): Promise<{ clientId: string; clientSecret: string }> {
  const c = await createApiClient(svc, operatorActor(orgId), { name: 'Test CRM', scopes });
  const clientId = `test_${c.clientId}`.slice(0, 64);
  await svc.db.query('UPDATE oauth_clients SET id = ? WHERE org_id = ? AND id = ?', [clientId, orgId, c.clientId]);
  return { clientId, clientSecret: c.clientSecret! };
}
