/** The tenant's branding as customers see it (invite email, portal landing page). */
export interface Branding {
  name: string;
  brandColor: string;
  logoUrl: string | null;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Only `#RRGGBB` reaches a style attribute (tenants set it; defence in depth). */
export function safeColor(color: string): string {
  return /^#[0-9A-Fa-f]{6}$/.test(color) ? color : '#1F4FD8';
}

/** Only http(s) logo URLs are shown. */
export function safeLogoUrl(url: string | null): string | null {
  return url && /^https?:\/\/[^\s"'<>]+$/.test(url) ? url : null;
}

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
  const greeting = input.customerName ? `Hello ${input.customerName},` : 'Hello,';
  const company = input.companyName ? ` for ${input.companyName}` : '';
  const expires = input.expiresAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const subject = `${branding.name}: complete your onboarding${company}`;
  const text = [
    greeting,
    '',
    `${branding.name} has invited you to complete your onboarding${company}.`,
    '',
    'Open this personal link to start (it works once and expires on ' + expires + '):',
    input.link,
    '',
    'If you did not expect this email, you can ignore it.',
    '',
    `— ${branding.name}`,
  ].join('\n');
  const color = safeColor(branding.brandColor);
  const logo = safeLogoUrl(branding.logoUrl);
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Helvetica,Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${color};padding:20px 28px;color:#ffffff;font-size:20px;font-weight:bold">${logo ? `<img src="${e(logo)}" alt="${e(branding.name)}" height="32" style="vertical-align:middle;margin-right:12px">` : ''}${e(branding.name)}</td></tr>
<tr><td style="padding:28px">
<p style="margin:0 0 16px">${e(greeting)}</p>
<p style="margin:0 0 24px">${e(branding.name)} has invited you to complete your onboarding${e(company)}.</p>
<p style="margin:0 0 24px"><a href="${e(input.link)}" style="display:inline-block;background:${color};color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:6px;font-weight:bold">Start your onboarding</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#52606d">This personal link works once and expires on ${e(expires)}. If the button does not work, copy this address into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${e(input.link)}" style="color:${color}">${e(input.link)}</a></p>
<p style="margin:0;font-size:13px;color:#52606d">If you did not expect this email, you can ignore it.</p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}
