import type { Response } from 'express';
import { escapeHtml } from '../../src/mail/index';

/**
 * The server-rendered pages of the authorization flow: sign-in, consent and error. Plain HTML with one
 * stylesheet: labelled fields, a logical focus order, readable on a phone, usable with a keyboard and a
 * screen reader. One script of our own (PASSKEY_SCRIPT, from 'self') on the sign-in steps, only to use a
 * passkey; everything else works without it.
 */

/** A tagged template whose interpolations are HTML-escaped unless wrapped in `raw`. */
class Raw {
  constructor(readonly html: string) {}
}
export const raw = (html: string) => new Raw(html);
export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0]!;
  values.forEach((v, i) => {
    const piece = Array.isArray(v) ? v.map((x) => (x instanceof Raw ? x.html : escapeHtml(String(x)))).join('') : v instanceof Raw ? v.html : escapeHtml(String(v ?? ''));
    out += piece + strings[i + 1]!;
  });
  return new Raw(out);
}

export interface PageOptions {
  status?: number;
  /** Origins the page's forms may lead to (CSP form-action also governs the redirect after a POST). */
  formTargets?: string[];
  /** Go on to this address at once (a zero-second refresh in the head): the way out to an identity provider. */
  refreshTo?: string;
  /** The page offers a passkey: it loads PASSKEY_SCRIPT (script-src and connect-src 'self'). */
  passkey?: boolean;
}

/** Sends a page with headers that keep it out of caches and frames. */
export function sendPage(res: Response, title: string, body: Raw, options: PageOptions = {}): void {
  const formAction = ["'self'", ...(options.formTargets ?? [])].join(' ');
  res.status(options.status ?? 200);
  const scripts = options.passkey ? " script-src 'self'; connect-src 'self';" : '';
  res.setHeader('Content-Security-Policy', `default-src 'none'; style-src 'self'; img-src 'self' data:;${scripts} form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.type('text/html; charset=utf-8').send(
    html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${options.refreshTo ? html`<meta http-equiv="refresh" content="0;url=${options.refreshTo}">` : ''}
<link rel="stylesheet" href="/v1/oauth/assets/oauth.css">
${options.passkey ? html`<script src="/v1/oauth/assets/passkey.js" defer></script>` : ''}
</head>
<body>
<main class="shell">
<p class="brand" aria-hidden="true"><span class="mark">◆</span> Compliance Onboarding</p>
<section class="card">
${body}
</section>
<p class="footnote">Secured sign-in. Never enter your password on a page you reached from an email link you did not expect.</p>
</main>
</body>
</html>
`.html,
  );
}

export interface SignInView {
  appName: string;
  transactionId: string;
  csrf: string;
  email?: string;
  error?: string;
}

/** A page that says what happened, with a link on (the console's SSO refusals: an unknown user, a domain not allowed). */
export function noticePage(title: string, message: string, link: { href: string; text: string }): Raw {
  return html`<h1>${title}</h1>
<p class="alert" role="alert">${message}</p>
<p><a href="${link.href}">${link.text}</a></p>`;
}

/**
 * On to the identity provider (sent with `refreshTo`): a zero-second refresh and a link, since the authorization pages' CSP allows
 * forms to lead only here (form-action also governs a redirect after the POST).
 */
export function ssoRedirectPage(url: string): Raw {
  return html`<h1>Continuing to your organisation’s sign-in</h1>
<p class="lede">If nothing happens, <a href="${url}">continue to your identity provider</a>.</p>`;
}

export function signInPage(v: SignInView): Raw {
  return html`<h1>Sign in</h1>
<p class="lede">to connect <strong>${v.appName}</strong> to your organisation’s compliance data.</p>
${v.error ? html`<p class="alert" role="alert" id="sign-in-error">${v.error}</p>` : ''}
<form method="post" action="/v1/oauth/sign-in" class="stack" novalidate>
<input type="hidden" name="csrf_token" value="${v.csrf}">
<input type="hidden" name="transaction_id" value="${v.transactionId}">
<label for="email">Work email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${v.email ?? ''}"${v.error ? raw(' aria-describedby="sign-in-error" aria-invalid="true"') : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit" class="primary">Sign in</button>
<button type="submit" class="secondary" formaction="/v1/oauth/sso/start">Continue with SSO</button>
</form>
${passkeyForm(v, null, 'Sign in with a passkey')}
<p class="note">Does your organisation sign in with single sign-on? Enter your work email and choose Continue with SSO.</p>`;
}

/**
 * Using a passkey: a button that PASSKEY_SCRIPT shows (hidden without it, or in a browser without WebAuthn),
 * which asks the server for options, the browser for the passkey, and posts its answer with this form.
 */
function passkeyForm(v: { transactionId: string; csrf: string }, pending: string | null, label: string): Raw {
  return html`<form method="post" action="/v1/oauth/sign-in/passkey" class="stack" id="passkey-form">
<input type="hidden" name="csrf_token" value="${v.csrf}">
<input type="hidden" name="transaction_id" value="${v.transactionId}">
${pending ? html`<input type="hidden" name="pending" value="${pending}">` : ''}
<input type="hidden" name="response" value="">
<button type="button" class="secondary" id="passkey-button" hidden>${label}</button>
<p class="note" id="passkey-status" role="status"></p>
</form>`;
}

export interface SecondFactorView {
  appName: string;
  transactionId: string;
  csrf: string;
  /** The pending sign-in's token (5 minutes, bound to this browser). */
  pending: string;
  /** The member's second factors: an authenticator app, a passkey, recovery codes. */
  totp: boolean;
  passkey: boolean;
  recoveryCodes: boolean;
  error?: string;
}

/** The second step: the passkey when the member has one, then a code (from the app, or a recovery code). */
export function secondFactorPage(v: SecondFactorView): Raw {
  const codeWords = v.totp
    ? `Enter the 6-digit code from your authenticator app${v.recoveryCodes ? ', or one of your recovery codes' : ''}`
    : 'Enter one of your recovery codes';
  return html`<h1>Confirm it is you</h1>
<p class="lede">${v.passkey ? 'Use your passkey, or e' : 'E'}${codeWords.slice(1)} to connect <strong>${v.appName}</strong>.</p>
${v.error ? html`<p class="alert" role="alert" id="code-error">${v.error}</p>` : ''}
${v.passkey ? passkeyForm(v, v.pending, 'Use your passkey') : ''}
<form method="post" action="/v1/oauth/sign-in/second-factor" class="stack" novalidate>
<input type="hidden" name="csrf_token" value="${v.csrf}">
<input type="hidden" name="transaction_id" value="${v.transactionId}">
<input type="hidden" name="pending" value="${v.pending}">
<label for="code">Code</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required autofocus${v.error ? raw(' aria-describedby="code-error" aria-invalid="true"') : ''}>
<button type="submit" class="primary">Continue</button>
</form>`;
}

export interface ConsentView {
  appName: string;
  tenantName: string;
  memberEmail: string;
  scopes: { scope: string; description: string }[];
  redirectHost: string;
  transactionId: string;
  csrf: string;
}

export function consentPage(v: ConsentView): Raw {
  return html`<h1><strong>${v.appName}</strong> wants access to ${v.tenantName}</h1>
<p class="lede">Signed in as <strong>${v.memberEmail}</strong>.</p>
<h2 id="scopes-heading">It will be able to:</h2>
<ul class="scopes" aria-labelledby="scopes-heading">
${v.scopes.map((s) => html`<li><span class="scope-text">${s.description}</span> <code>${s.scope}</code></li>`)}
</ul>
<p class="note">The app acts for you with your organisation’s data until you disconnect it under Connected Apps.
After you decide you will be sent back to <strong>${v.redirectHost}</strong>.</p>
<form method="post" action="/v1/oauth/authorize/decision" class="actions">
<input type="hidden" name="csrf_token" value="${v.csrf}">
<input type="hidden" name="transaction_id" value="${v.transactionId}">
<button type="submit" name="decision" value="allow" class="primary">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>
<form method="post" action="/v1/oauth/sign-out" class="switch">
<input type="hidden" name="csrf_token" value="${v.csrf}">
<input type="hidden" name="transaction_id" value="${v.transactionId}">
<button type="submit" class="link">Not you? Sign in as someone else</button>
</form>`;
}

export function errorPage(title: string, message: string): Raw {
  return html`<h1>${title}</h1>
<p class="alert" role="alert">${message}</p>
<p class="note">Nothing was shared. Close this window and start again from the app you were connecting; if it keeps
happening, give its publisher this message.</p>`;
}

/**
 * GET /v1/oauth/assets/passkey.js: the passkey button of the sign-in steps. It asks /v1/oauth/passkey/options
 * (the form's CSRF token, transaction and pending sign-in) for WebAuthn options, asks the browser for the
 * passkey (navigator.credentials.get), and posts the answer, base64url JSON as @simplewebauthn/server reads
 * it, with the form. A refusal is said in the form's status line.
 */
export const PASSKEY_SCRIPT = `(function () {
  'use strict';
  var form = document.getElementById('passkey-form');
  var button = document.getElementById('passkey-button');
  var status = document.getElementById('passkey-status');
  if (!form || !button || !window.PublicKeyCredential || !navigator.credentials) return;
  function bytes(b64url) {
    var s = b64url.replace(/-/g, '+').replace(/_/g, '/');
    while (s.length % 4) s += '=';
    var bin = atob(s), out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out.buffer;
  }
  function text(buffer) {
    var b = new Uint8Array(buffer), s = '';
    for (var i = 0; i < b.length; i++) s += String.fromCharCode(b[i]);
    return btoa(s).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  }
  button.hidden = false;
  button.addEventListener('click', async function () {
    button.disabled = true;
    status.textContent = '';
    try {
      var body = new URLSearchParams(new FormData(form));
      body.delete('response');
      var res = await fetch('/v1/oauth/passkey/options', { method: 'POST', body: body, credentials: 'same-origin' });
      var answer = await res.json();
      if (!res.ok) throw new Error(answer.message || 'The passkey could not be used.');
      var o = answer.options;
      var credential = await navigator.credentials.get({ publicKey: {
        challenge: bytes(o.challenge), rpId: o.rpId, timeout: o.timeout, userVerification: o.userVerification,
        allowCredentials: (o.allowCredentials || []).map(function (c) { return { id: bytes(c.id), type: c.type, transports: c.transports }; }),
      } });
      var r = credential.response;
      form.elements.response.value = JSON.stringify({
        id: credential.id, rawId: text(credential.rawId), type: credential.type,
        clientExtensionResults: credential.getClientExtensionResults(), authenticatorAttachment: credential.authenticatorAttachment || undefined,
        response: {
          clientDataJSON: text(r.clientDataJSON), authenticatorData: text(r.authenticatorData), signature: text(r.signature),
          userHandle: r.userHandle ? text(r.userHandle) : undefined,
        },
      });
      form.submit();
    } catch (e) {
      status.textContent = e && e.name === 'NotAllowedError' ? 'No passkey was used. Try again, or sign in another way.' : (e && e.message) || 'The passkey could not be used.';
      button.disabled = false;
    }
  });
})();
`;

/** GET /v1/oauth/assets/oauth.css */
export const STYLESHEET = `:root{--ink:#14213d;--muted:#5b6478;--line:#d9dee8;--bg:#f4f6fb;--card:#fff;--accent:#1f4fd8;--accent-ink:#fff;--danger:#b42318;--danger-bg:#fef3f2;--focus:#f59e0b}
*{box-sizing:border-box}
html{font-size:100%}
body{margin:0;background:var(--bg);color:var(--ink);font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.shell{max-width:28rem;margin:0 auto;padding:2.5rem 1rem}
.brand{font-weight:600;color:var(--muted);margin:0 0 1rem;letter-spacing:.01em}
.mark{color:var(--accent)}
.card{overflow-wrap:anywhere;background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1.75rem 1.5rem;box-shadow:0 1px 2px rgba(20,33,61,.06),0 8px 24px rgba(20,33,61,.06)}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 .5rem}
h2{font-size:1rem;margin:1.25rem 0 .5rem}
.lede{color:var(--muted);margin:0 0 1.25rem}
.stack{display:flex;flex-direction:column;gap:.375rem}
label{font-weight:600;margin-top:.5rem}
input[type=email],input[type=password],input[type=text]{font:inherit;padding:.75rem .875rem;border:1px solid #b8c0d0;border-radius:.5rem;background:#fff;color:var(--ink);width:100%}
input[aria-invalid=true]{border-color:var(--danger)}
button{font:inherit;font-weight:600;border-radius:.5rem;padding:.75rem 1.25rem;cursor:pointer;border:1px solid transparent;min-height:2.75rem}
.primary{background:var(--accent);color:var(--accent-ink)}
.primary:hover{background:#173fb0}
.secondary{background:#fff;color:var(--ink);border-color:#b8c0d0}
.secondary:hover{background:#eef1f7}
.stack .primary{margin-top:1rem}
.stack .secondary{margin-top:.5rem}
.link{background:none;border:none;color:var(--accent);padding:.5rem 0;min-height:auto;text-decoration:underline;font-weight:500}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.alert{background:var(--danger-bg);color:var(--danger);border:1px solid #fecdca;border-radius:.5rem;padding:.75rem .875rem;margin:0 0 1rem}
.scopes{list-style:none;margin:0 0 1rem;padding:0;border:1px solid var(--line);border-radius:.5rem}
.scopes li{padding:.75rem .875rem;border-top:1px solid var(--line)}
.scopes li:first-child{border-top:none}
.scopes code{display:block;color:var(--muted);font-size:.8125rem;margin-top:.125rem}
.note{color:var(--muted);font-size:.9375rem}
.actions{display:flex;gap:.75rem;margin-top:1.25rem}
.actions button{flex:1}
.switch{margin-top:.75rem;text-align:center}
.footnote{color:var(--muted);font-size:.8125rem;text-align:center;margin-top:1.5rem}
@media (max-width:26rem){.shell{padding:1rem .75rem}.card{padding:1.25rem 1rem}.actions{flex-direction:column}}
@media (prefers-color-scheme:dark){:root{--ink:#e7ebf3;--muted:#a3acbf;--line:#2c3548;--bg:#0f1522;--card:#161e2e;--danger-bg:#2a1413;--danger:#fda29b}
input[type=email],input[type=password],input[type=text],.secondary{background:#0f1522;color:var(--ink);border-color:#3a4560}.secondary:hover{background:#1c2538}.link{color:#8fb0ff}}
`;
