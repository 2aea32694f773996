import { inspectInvite, safeColor, safeLogoUrl } from '../invites/index';
import { assertSchema } from '../schema';
import type { Services } from '../services';
import { LinkBrandingInputSchema, type LinkBrandingView } from '../cases/index';

/**
 * portal.linkBranding (public): the tenant's branding (name, colour, logo) for the page that asks for a new
 * link once a session has ended, from the old link's token the portal kept. The token is the credential, as on
 * the link's own landing page, which shows the same branding to whoever opens it; nothing else is told (no
 * customer, no case). An unknown token answers null.
 */
export async function getLinkBranding(svc: Services, input: { token: unknown }): Promise<LinkBrandingView | null> {
  const { token } = assertSchema(LinkBrandingInputSchema, { token: input.token });
  const invite = await inspectInvite(svc, token);
  if (invite.state === 'unknown') return null;
  return { name: invite.branding.name, brandColor: safeColor(invite.branding.brandColor), logoUrl: safeLogoUrl(invite.branding.logoUrl) };
}
