// Identity verification: each director, UBO and signatory of a submitted case verified once (issue 16).
export {
  IDV_OUTCOMES, type IdentityVerifier, type UploadIdentityVerifier, type HostedFlowIdentityVerifier, type IdvCheck, type IdvResult, type IdvOutcome, type IdvPerson,
} from './identity-verifier';
export { LocalIdentityVerifier } from './local-verifier';
export { dispatchCaseVerifications, type DispatchSummary } from './dispatch-case-verifications';
export { getVerificationPage } from './get-verification-page';
export { submitVerification, submitPersonVerification, listOpenVerificationPersons } from './submit-verification';
export { startVendorVerification } from './start-vendor-verification';
export { receiveVendorCallback, signVendorCallback, CALLBACK_TOLERANCE_S, type VendorCallback } from './receive-vendor-callback';
export { resendVerification } from './resend-verification';
export { recheckDocumentOnFile } from './recheck-document-on-file';
export { linkCasePerson } from './link-case-person';
export { listCaseVerificationViews, listVerificationViews } from './list-case-verifications';
export { loadVerificationFacts, type VerificationFacts } from './verification-facts';
export { listUnverifiedPersons, type UnverifiedPerson } from './list-unverified-persons';
export { verificationLink } from './send-verification-link';
export { listVerificationDocumentIds } from './verifications.repository';
export { DOCUMENT_ON_FILE_CODES, type DocumentOnFile, type DocumentOnFileCode } from './document-on-file';
export {
  CaseVerificationSchema, IdvCheckSchema, VerificationPageSchema, VerificationResultSchema, VerificationTokenSchema, VendorRedirectSchema,
  type CaseVerificationView, type VerificationPageView, type VerificationResultView,
} from './idv.wire';
