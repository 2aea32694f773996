// The demo tenant: an organisation, an analyst who can sign in, and an API client. Used by
// `svc demo:seed` and `npm run demo`; the credentials are returned once, as the use cases return them.
import { randomBytes } from 'node:crypto';
import { createApiClient } from '../src/oauth/index';
import { type Services } from '../src/platform/index';
import { createMember, createTenant } from '../src/tenants/index';
import { operatorActor, SERVICE_OPERATOR } from '../src/access/index';

export interface DemoSeed {
  orgId: string;
  orgName: string;
  analyst: { userId: string; email: string; password: string };
  client: Awaited<ReturnType<typeof createApiClient>>;
}

export async function seedDemoTenant(svc: Services): Promise<DemoSeed> {
  const tenant = await createTenant(svc, SERVICE_OPERATOR, { name: 'Demo Compliance Ltd', brandColor: '#0F766E' });
  const email = `analyst+${tenant.id.slice(0, 8)}@demo.example`;
  const password = randomBytes(12).toString('base64url');
  const member = await createMember(svc, operatorActor(tenant.id), { email, password, role: 'analyst', name: 'Demo Analyst' });
  const client = await createApiClient(svc, operatorActor(tenant.id), { name: 'Demo CRM' });
  return {
    orgId: tenant.id,
    orgName: tenant.name,
    analyst: { userId: member.id, email, password },
    client,
  };
}
