import { forTenant } from '../db/index';
import { findCaseRowByPk } from '../cases/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import type { VerificationPageView } from './idv.wire';
import { openVerificationByToken } from './verification-token';
import { listCasePersons, tenantRequiresSelfie } from './verifications.repository';

/**
 * What the hosted verification page ({APP_URL}/portal/verify?token=…) shows: whose verification, for which
 * company and tenant, whether a selfie is asked for. Reading it changes nothing (mail scanners open links):
 * the verification is `in_progress` only once the person uploads or goes on to the vendor.
 */
export async function getVerificationPage(svc: Services, input: { token: string }): Promise<VerificationPageView> {
  const v = await openVerificationByToken(svc, svc.db, input.token);
  const db = forTenant(svc.db, v.orgId);
  const c = await findCaseRowByPk(db, v.casePk);
  const person = (await listCasePersons(db, v.casePk)).find((p) => p.personKey === v.personKey);
  const [tenant]: { name: string; brand_color: string; logo_url: string | null }[] = await svc.db.query(
    'SELECT name, brand_color, logo_url FROM tenants WHERE id = ?', [v.orgId],
  );
  if (!c || !person || !tenant) throw DomainError.notFound('Verification');
  return {
    tenant: { name: tenant.name, brandColor: tenant.brand_color, logoUrl: tenant.logo_url },
    personName: person.name,
    companyName: c.companyName,
    flow: svc.idv.flow,
    selfieRequired: await tenantRequiresSelfie(db),
    state: v.state === 'in_progress' ? 'in_progress' : 'link_sent',
    expiresAt: v.tokenExpiresAt ? v.tokenExpiresAt.toISOString() : null,
  };
}
