import { escapeHtml as e, safeColor, safeLogoUrl, type Branding } from '../invites/index';

/** The email with a public-intake code: tenant-branded HTML and a plain-text part with the same code. */
export function renderIntakeCodeEmail(input: { branding: Branding; code: string; minutes: number }): { subject: string; text: string; html: string } {
  const { branding, code, minutes } = input;
  const subject = `${branding.name}: your verification code`;
  const text = [
    'Hello,',
    '',
    `Your code to continue your application with ${branding.name} is:`,
    '',
    `    ${code}`,
    '',
    `Type it on the page where you asked for it. It works once, for ${minutes} minutes.`,
    '',
    'If you did not ask for this code, you can ignore this email: nothing happens without it.',
    '',
    `— ${branding.name}`,
  ].join('\n');
  const color = safeColor(branding.brandColor);
  const logo = safeLogoUrl(branding.logoUrl);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Helvetica,Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${color};padding:20px 28px;color:#ffffff;font-size:20px;font-weight:bold">${logo ? `<img src="${e(logo)}" alt="${e(branding.name)}" height="32" style="vertical-align:middle;margin-right:12px">` : ''}${e(branding.name)}</td></tr>
<tr><td style="padding:28px">
<p style="margin:0 0 16px">Hello,</p>
<p style="margin:0 0 16px">Your code to continue your application with ${e(branding.name)} is:</p>
<p style="margin:0 0 24px;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:Menlo,Consolas,monospace" data-code>${e(code)}</p>
<p style="margin:0 0 8px;font-size:13px;color:#52606d">Type it on the page where you asked for it. It works once, for ${minutes} minutes.</p>
<p style="margin:0;font-size:13px;color:#52606d">If you did not ask for this code, you can ignore this email: nothing happens without it.</p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}
