import { ROSTER_STATUSES } from '../cases/index';
import { DateTime, Nullable, StringEnum, Type, type Static } from '../wire';
import { DOCUMENT_ON_FILE_CODES } from './document-on-file';
import { IDV_OUTCOMES } from './identity-verifier';

/** Identity verification's wire shapes: the hosted page's tRPC inputs and outputs, and the console's view. */

export const IdvCheckSchema = Type.Object({
  key: Type.String(),
  label: Type.String(),
  result: StringEnum(['passed', 'failed', 'not_done'] as const, { description: '`not_done`: the verifier did not or cannot check it (detail says why).' }),
  detail: Nullable(Type.String()),
});

/** verification.get / verification.start / the upload route: the link's token. */
export const VerificationTokenSchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

/** verification.get: what the hosted page shows the person. */
export const VerificationPageSchema = Type.Object({
  tenant: Type.Object({ name: Type.String(), brandColor: Type.String(), logoUrl: Nullable(Type.String()) }),
  personName: Type.String(),
  companyName: Nullable(Type.String()),
  /** `upload`: upload the document here; `hosted_flow`: verification.start sends the person to the vendor's page. */
  flow: StringEnum(['upload', 'hosted_flow'] as const),
  selfieRequired: Type.Boolean(),
  state: StringEnum(['link_sent', 'in_progress'] as const),
  expiresAt: Nullable(DateTime()),
});
export type VerificationPageView = Static<typeof VerificationPageSchema>;

/** The upload's answer: the verifier's outcome and each check done and not done. */
export const VerificationResultSchema = Type.Object({
  outcome: StringEnum(IDV_OUTCOMES),
  checks: Type.Array(IdvCheckSchema),
});
export type VerificationResultView = Static<typeof VerificationResultSchema>;

/** verification.start (hosted_flow): where to send the person. */
export const VendorRedirectSchema = Type.Object({ redirectUrl: Type.String() });

/** Whether a document on file satisfied a person instead of a link, and why or why not. */
export const DocumentOnFileSchema = Type.Object({
  satisfied: Type.Boolean(),
  documentId: Nullable(Type.Number()),
  reasons: Type.Array(Type.Object({ code: StringEnum(DOCUMENT_ON_FILE_CODES), text: Type.String() })),
});

/** One person's identity verification on the console's case page. */
export const CaseVerificationSchema = Type.Object({
  personKey: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String()),
  roles: Type.Array(Type.String()),
  status: Nullable(StringEnum(ROSTER_STATUSES)),
  statusLabel: Type.String(),
  outcome: Nullable(StringEnum(IDV_OUTCOMES)),
  vendorName: Nullable(Type.String()),
  checks: Type.Array(IdvCheckSchema),
  dispatchedBy: Nullable(Type.String()),
  dispatchedAt: Nullable(DateTime()),
  completedAt: Nullable(DateTime()),
  satisfiedByDocId: Nullable(Type.Number()),
  documentId: Nullable(Type.Number()),
  /** What the verify step found about a document on file (null before it ran for the person). */
  documentOnFile: Nullable(DocumentOnFileSchema),
  /** Whether an analyst may send a new link (the person has an email and is not verified). */
  canResend: Type.Boolean(),
});
export type CaseVerificationView = Static<typeof CaseVerificationSchema>;
