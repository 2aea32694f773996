// Second factors of members (issue 30): authenticator apps (TOTP), passkeys (WebAuthn), recovery codes, the
// sign-in step that waits for a second factor, and step-up of a signed-in session.
export { startTotpEnrolment, type TotpEnrolment } from './start-totp-enrolment';
export { confirmTotpEnrolment } from './confirm-totp-enrolment';
export { listMySecondFactors, countMyRecoveryCodes, type SecondFactorView } from './list-second-factors';
export { regenerateRecoveryCodes } from './regenerate-recovery-codes';
export { removeSecondFactor } from './remove-second-factor';
export {
  signIn, provePassword, proveSignInCode, pendingSignInMethods, startConsoleSession, completeSignIn, signInMethodOf, mfaRequiredError, SSO_REQUIRED_MESSAGE, type ProvedMember,
  type PendingSecondFactor, type SignInClient,
} from './sign-in';
export { verifySecondFactor } from './verify-second-factor';
export { PENDING_SIGN_IN_MS, openPendingSignIn } from './challenges';
export { type SecondFactorMethod, methodsOf } from './check-code';
export { TOTP_PERIOD_SECONDS, TOTP_DRIFT_STEPS } from './totp';
export { webauthnRegistrationOptions, verifyWebauthnRegistration, webauthnSignInOptions, verifyWebauthnSignIn, provePasskey, relyingParty } from './passkeys';
