// The demo tenant: an organisation, an analyst who can sign in, and an API client. Used by
// `svc demo:seed` and `npm run demo`; the credentials are returned once, as the use cases return them.
import { randomBytes } from 'node:crypto';
import { createApiClient, createMember, createTenant, type Services } from '../src/index';

export interface DemoSeed {
  orgId: string;
  orgName: string;
  analyst: { userId: string; email: string; password: string };
  client: Awaited<ReturnType<typeof createApiClient>>;
}

export async function seedDemoTenant(svc: Services, actor: string): Promise<DemoSeed> {
  const tenant = await createTenant(svc, { name: 'Demo Compliance Ltd', brandColor: '#0F766E' });
  const email = `analyst+${tenant.id.slice(0, 8)}@demo.example`;
  const password = randomBytes(12).toString('base64url');
  const member = await createMember(svc, { orgId: tenant.id, email, password, role: 'analyst', name: 'Demo Analyst' });
  const client = await createApiClient(svc, { orgId: tenant.id, name: 'Demo CRM', actor });
  return {
    orgId: tenant.id,
    orgName: tenant.name,
    analyst: { userId: member.id, email, password },
    client,
  };
}
