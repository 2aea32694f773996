import { renderBrandedEmail, type Branding } from '../mail/branded-email';

export { type Branding, escapeHtml, safeColor, safeLogoUrl } from '../mail/branded-email';

export interface InviteEmailInput {
  branding: Branding;
  customerName: string | null;
  companyName: string | null;
  link: string;
  expiresAt: Date;
}

/** The invite: tenant-branded HTML with a plain-text part carrying the same link. */
export function renderInviteEmail(input: InviteEmailInput): { subject: string; text: string; html: string } {
  const { branding } = input;
  const company = input.companyName ? ` for ${input.companyName}` : '';
  const expires = input.expiresAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  return renderBrandedEmail({
    branding,
    subject: `${branding.name}: complete your onboarding${company}`,
    greeting: input.customerName ? `Hello ${input.customerName},` : 'Hello,',
    paragraphs: [`${branding.name} has invited you to complete your onboarding${company}.`],
    action: { label: 'Start your onboarding', url: input.link, note: `This personal link works once and expires on ${expires}` },
    footer: ['If you did not expect this email, you can ignore it.'],
  });
}
