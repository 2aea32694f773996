import { escapeHtml } from '../mail/index';

/** Why a member gets a single-use link: to reset a forgotten password, or to set the first one (an invitation). */
export type MemberTokenPurpose = 'password_reset' | 'invitation';

export interface MemberMailInput {
  purpose: MemberTokenPurpose;
  tenantName: string;
  memberName: string | null;
  memberEmail: string;
  role: string;
  link: string;
  expiresAt: Date;
}

const ROLE_WORDS: Record<string, string> = { analyst: 'an analyst', mlro: 'an MLRO', compliance_admin: 'a compliance admin', admin: 'an admin' };

/** The console's password-reset and invitation emails: plain text with an HTML part carrying the same link. */
export function renderMemberMail(input: MemberMailInput): { subject: string; text: string; html: string } {
  const expires = input.expiresAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const greeting = input.memberName ? `Hello ${input.memberName},` : 'Hello,';
  const invitation = input.purpose === 'invitation';
  const subject = invitation ? `${input.tenantName}: you are invited to the compliance console` : `${input.tenantName}: reset your console password`;
  const lead = invitation
    ? `You have been invited to join ${input.tenantName} on the compliance console as ${ROLE_WORDS[input.role] ?? input.role}, signing in as ${input.memberEmail}.`
    : `Someone asked to reset the console password of ${input.memberEmail} at ${input.tenantName}.`;
  const action = invitation ? 'Set your password' : 'Choose a new password';
  const ignore = invitation
    ? 'If you did not expect this email, you can ignore it.'
    : 'If you did not ask for this, ignore this email: your password stays as it is.';
  const text = [greeting, '', lead, '', `${action} with this link (it works once and expires on ${expires}):`, input.link, '', ignore].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Helvetica,Arial,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:28px">
<p style="margin:0 0 16px">${e(greeting)}</p>
<p style="margin:0 0 24px">${e(lead)}</p>
<p style="margin:0 0 24px"><a href="${e(input.link)}" style="display:inline-block;background:#1F4FD8;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:6px;font-weight:bold">${e(action)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#52606d">This link works once and expires on ${e(expires)}. If the button does not work, copy this address into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${e(input.link)}">${e(input.link)}</a></p>
<p style="margin:0;font-size:13px;color:#52606d">${e(ignore)}</p>
</div></body></html>`;
  return { subject, text, html };
}
