/** The tenant's branding as customers see it (emails, portal landing page). */
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

export interface BrandedEmailInput {
  branding: Branding;
  subject: string;
  greeting: string;
  /** Plain paragraphs, before the items and the button. */
  paragraphs: string[];
  /** A bulleted list (what is asked for). */
  items?: string[];
  /** The call to action: a button, and the same address in plain text. */
  action?: { label: string; url: string; note?: string };
  /** Small print after the button. */
  footer: string[];
}

/**
 * Every customer-facing email's layout: tenant-branded HTML (colour bar with the logo and name) and a
 * plain-text part carrying the same words and link. Values are escaped; the colour and logo are checked.
 */
export function renderBrandedEmail(input: BrandedEmailInput): { subject: string; text: string; html: string } {
  const { branding, action } = input;
  const items = input.items ?? [];
  const text = [
    input.greeting,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...(items.length ? [...items.map((i) => `- ${i}`), ''] : []),
    ...(action ? [`${action.note ?? action.label}:`, action.url, ''] : []),
    ...input.footer.flatMap((p) => [p, '']),
    `— ${branding.name}`,
  ].join('\n');
  const color = safeColor(branding.brandColor);
  const logo = safeLogoUrl(branding.logoUrl);
  const e = escapeHtml;
  const small = 'margin:0 0 8px;font-size:13px;color:#52606d';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(input.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Helvetica,Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${color};padding:20px 28px;color:#ffffff;font-size:20px;font-weight:bold">${logo ? `<img src="${e(logo)}" alt="${e(branding.name)}" height="32" style="vertical-align:middle;margin-right:12px">` : ''}${e(branding.name)}</td></tr>
<tr><td style="padding:28px">
<p style="margin:0 0 16px">${e(input.greeting)}</p>
${input.paragraphs.map((p) => `<p style="margin:0 0 16px">${e(p)}</p>`).join('\n')}
${items.length ? `<ul style="margin:0 0 24px;padding-left:20px">${items.map((i) => `<li style="margin:0 0 6px">${e(i)}</li>`).join('')}</ul>` : ''}
${action ? `<p style="margin:8px 0 24px"><a href="${e(action.url)}" style="display:inline-block;background:${color};color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:6px;font-weight:bold">${e(action.label)}</a></p>
<p style="${small}">${action.note ? `${e(action.note)}. ` : ''}If the button does not work, copy this address into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${e(action.url)}" style="color:${color}">${e(action.url)}</a></p>` : ''}
${input.footer.map((p) => `<p style="${small}">${e(p)}</p>`).join('\n')}
</td></tr></table></td></tr></table></body></html>`;
  return { subject: input.subject, text, html };
}
