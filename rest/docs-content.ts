// The static parts of the /docs pages: their stylesheet and how a receiver verifies a webhook request, in three
// languages. The verification code follows src/webhooks/signature.ts (Standard Webhooks' headers; the HMAC key is
// the endpoint secret's bytes).
import { escapeHtml } from '../src/mail/index';

export const DOCS_CSS = `:root { color-scheme: light dark; --fg: #1b1f24; --bg: #fff; --muted: #57606a; --link: #0b57d0; --code: #f3f4f6; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --bg: #0d1117; --muted: #9da7b3; --link: #8ab4f8; --code: #161b22; } }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
body.reference { background: #fff; color: #1b1f24; }
header { padding: 0.75rem 1rem; border-bottom: 1px solid #8884; }
header nav a { margin-right: 1rem; color: var(--link); }
body.reference header nav a { color: #0b57d0; }
a { color: var(--link); }
.catalogue { max-width: 60rem; margin: 0 auto; padding: 1rem; }
.catalogue section { border-top: 1px solid #8884; padding-top: 0.5rem; margin-top: 1.5rem; }
.meta { color: var(--muted); font-size: 0.9rem; }
body:not(.reference) pre { background: var(--code); padding: 0.75rem; overflow-x: auto; border-radius: 6px; font-size: 0.85rem; }
code { font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
pre code { overflow-wrap: normal; }
ul.types { columns: 16rem; padding-left: 1.25rem; }
.loading { padding: 1rem; }
`;

const TYPESCRIPT = `import { createHmac, timingSafeEqual } from 'node:crypto';

/** rawBody: the request's bytes as received (express.raw), never re-serialised JSON. */
export function verifySvcWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, secret: string): boolean {
  const id = headers['webhook-id'], ts = headers['webhook-timestamp'], signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof ts !== 'string' || typeof signatures !== 'string') return false;
  if (Math.abs(Date.now() / 1000 - Number(ts)) > 300) return false; // the replay window: 5 minutes
  const expected = createHmac('sha256', secret).update(\`\${id}.\${ts}.\`).update(rawBody).digest();
  const signed = signatures.split(' ').some((s) => {
    const given = Buffer.from(s.startsWith('v1,') ? s.slice(3) : '', 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return signed && JSON.parse(rawBody.toString('utf8')).eventId === id; // then deduplicate on eventId
}`;

const PYTHON = `import base64, hashlib, hmac, json, time

def verify_svc_webhook(raw_body: bytes, headers: dict, secret: str) -> bool:
    """raw_body: the request's bytes as received; headers: lower-case names."""
    msg_id, ts, signatures = headers.get("webhook-id"), headers.get("webhook-timestamp"), headers.get("webhook-signature")
    if not (msg_id and ts and signatures):
        return False
    if abs(time.time() - int(ts)) > 300:  # the replay window: 5 minutes
        return False
    expected = hmac.new(secret.encode(), f"{msg_id}.{ts}.".encode() + raw_body, hashlib.sha256).digest()
    signed = any(
        s.startswith("v1,") and hmac.compare_digest(base64.b64decode(s[3:]), expected)
        for s in signatures.split(" ")
    )
    return signed and json.loads(raw_body)["eventId"] == msg_id  # then deduplicate on eventId`;

const CURL = `# Send your receiver a correctly signed test request (bash, openssl, curl):
SECRET='the endpoint secret'
BODY='{"event":"ping","eventId":"5f0c6a1e-8d2b-4c3a-9e7f-1a2b3c4d5e6f","eventVersion":1,"timestamp":"2026-03-01T10:00:00.000Z","orgId":"0b7e4a52-3c1d-4e8f-9a6b-2d4c6e8f0a1b","message":"Webhook test"}'
ID=5f0c6a1e-8d2b-4c3a-9e7f-1a2b3c4d5e6f
TS=$(date +%s)
SIG=$(printf '%s' "$ID.$TS.$BODY" | openssl dgst -sha256 -hmac "$SECRET" -binary | base64)
curl -s -o /dev/null -w '%{http_code}\\n' "$RECEIVER_URL" -H 'Content-Type: application/json' \\
  -H "webhook-id: $ID" -H "webhook-timestamp: $TS" -H "webhook-signature: v1,$SIG" --data-binary "$BODY"`;

/** The shell block of the page, for the test that runs it against a receiver. */
export const CURL_EXAMPLE = CURL;

/** The "Verifying a request" section of the catalogue page. */
export function receiverSteps(): string {
  const block = (label: string, code: string) => `<h3>${label}</h3>\n<pre tabindex="0" aria-label="${label} example"><code>${escapeHtml(code)}</code></pre>`;
  return `<h2>Verifying a request</h2>
<ol>
<li>Read the raw bytes of the body; never verify re-serialised JSON.</li>
<li>Compute HMAC-SHA256, keyed with the endpoint secret (shown once when the endpoint is created), of
<code>&lt;webhook-id&gt;.&lt;webhook-timestamp&gt;.&lt;raw body&gt;</code>, and compare it in constant time with each
<code>v1,</code> entry of <code>webhook-signature</code> (base64). Standard Webhooks' libraries do this with the secret
<code>whsec_</code> + base64 of its bytes. The older <code>X-SVC-Signature</code> is <code>sha256=</code> + hex HMAC-SHA256 of the
raw body alone.</li>
<li>Refuse a <code>webhook-timestamp</code> more than 5 minutes from your clock (a replayed request), and a body whose
<code>eventId</code> is not <code>webhook-id</code>.</li>
<li>Deduplicate on <code>eventId</code> (retries and redeliveries repeat it), answer 2xx within 10 seconds, and do the
work afterwards.</li>
</ol>
${block('TypeScript (Node)', TYPESCRIPT)}
${block('Python', PYTHON)}
${block('curl', CURL)}`;
}
