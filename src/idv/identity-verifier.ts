/**
 * The IdentityVerifier port: who checks that a person is who the application says. Two shapes:
 * - `upload`: the person uploads an ID document (and a selfie when the tenant asks) on the portal's hosted
 *   page, {APP_URL}/portal/verify, and the verifier answers at once (the local default reads the MRZ).
 * - `hosted_flow`: a vendor with its own page; the portal page sends the person there (createSession) and
 *   the vendor reports the result later by a signed callback (POST /hooks/idv/<vendor>).
 */

export const IDV_OUTCOMES = ['pass', 'fail', 'manual_review'] as const;
export type IdvOutcome = (typeof IDV_OUTCOMES)[number];

/** One check a verifier did, or says it could not do (`not_done`, with the reason in `detail`). */
export interface IdvCheck {
  key: string;
  label: string;
  result: 'passed' | 'failed' | 'not_done';
  detail: string | null;
}

export interface IdvResult {
  outcome: IdvOutcome;
  checks: IdvCheck[];
}

/** Who the application says the person is. */
export interface IdvPerson {
  name: string;
  /** YYYY-MM-DD, or null when the application gives none. */
  dateOfBirth: string | null;
}

export interface IdvUpload {
  filename: string;
  mimeType: string;
  bytes: Buffer;
}

export interface UploadIdentityVerifier {
  readonly flow: 'upload';
  /** The vendorName of idv.completed. */
  readonly name: string;
  verify(input: { person: IdvPerson; document: IdvUpload; selfie: IdvUpload | null; selfieRequired: boolean }): Promise<IdvResult>;
}

export interface HostedFlowIdentityVerifier {
  readonly flow: 'hosted_flow';
  readonly name: string;
  /**
   * Opens a session at the vendor for one person; the person is sent to `redirectUrl`, and the vendor calls
   * back with `sessionId`. `reference` is ours (opaque to the vendor), `returnUrl` where the vendor sends them back.
   */
  createSession(input: { reference: string; person: IdvPerson; selfieRequired: boolean; returnUrl: string }): Promise<{ sessionId: string; redirectUrl: string }>;
}

export type IdentityVerifier = UploadIdentityVerifier | HostedFlowIdentityVerifier;

declare module '../services' {
  interface Services {
    /** Identity verification of a case's people (IDV_PROVIDER): the portal's upload page with the local MRZ checks, or a hosted-flow vendor. */
    idv: IdentityVerifier;
  }
}
