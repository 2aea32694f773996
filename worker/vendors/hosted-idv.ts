import type { HostedFlowIdentityVerifier, IdvPerson } from '../../src/idv/index';
import type { IdvVendorConfig } from '../../src/platform/index';

/**
 * A hosted-flow identity-verification vendor (IDV_PROVIDER=hosted), in the shape such vendors share: we open
 * a session with `POST {IDV_URL}/sessions` (Bearer IDV_API_KEY; JSON `{reference, person: {name,
 * dateOfBirth}, selfie, returnUrl, callbackUrl}`), it answers `{id, url}`, the person goes to `url`, and the
 * vendor later POSTs the result to our callback `/hooks/idv/<IDV_VENDOR_NAME>` signed with
 * IDV_WEBHOOK_SECRET (src/idv/receive-vendor-callback.ts). The API key goes only into the Authorization
 * header: never into an error or a log line.
 */
export class HostedFlowVendor implements HostedFlowIdentityVerifier {
  readonly flow = 'hosted_flow';
  readonly name: string;

  constructor(private readonly config: IdvVendorConfig, private readonly callbackBaseUrl: string) {
    this.name = config.name;
  }

  async createSession(input: { reference: string; person: IdvPerson; selfieRequired: boolean; returnUrl: string }): Promise<{ sessionId: string; redirectUrl: string }> {
    const callbackUrl = `${this.callbackBaseUrl}/hooks/idv/${this.config.name}`;
    let res: Response;
    try {
      res = await fetch(`${this.config.url}/sessions`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${this.config.apiKey}` },
        body: JSON.stringify({ reference: input.reference, person: input.person, selfie: input.selfieRequired, returnUrl: input.returnUrl, callbackUrl }),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (err) {
      throw new Error(`identity vendor POST /sessions failed: ${(err as Error).name === 'TimeoutError' ? `no answer in ${this.config.timeoutMs} ms` : (err as Error).message}`);
    }
    if (!res.ok) throw new Error(`identity vendor POST /sessions answered ${res.status}`);
    const body = (await res.json().catch(() => null)) as { id?: unknown; url?: unknown } | null;
    if (typeof body?.id !== 'string' || !body.id || typeof body.url !== 'string' || !/^https?:\/\//.test(body.url)) {
      throw new Error('identity vendor POST /sessions answered without a session id and an http(s) url');
    }
    return { sessionId: body.id, redirectUrl: body.url };
  }
}
