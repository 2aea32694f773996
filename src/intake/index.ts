// The public intake link `{APP_URL}/apply/<slug>`: a customer who starts by themselves confirms their email
// with a one-time code and lands in the portal on their (new or resumed) case.
export { getPublicIntake, setPublicIntake, intakeUrl } from './public-intake';
export { intakeQrSvg } from './intake-qr-code';
export { getIntakeTenant, findIntakeTenant, INTAKE_LIMITS } from './intake-tenant';
export { startIntake, INTAKE_START_ANSWER } from './start-intake';
export { verifyIntake, type IntakeVerified, type IntakeCodeState } from './verify-intake';
export {
  INTAKE_CODE_MAIL, INTAKE_CODE_TTL_MS, INTAKE_CODE_MAX_TRIES, sweepIntakeCodes,
} from './intake-codes';
export {
  INTAKE_STARTS, IntakeTenantInputSchema, IntakeStartInputSchema, IntakeVerifyInputSchema, IntakeTenantSchema, IntakeStartedSchema,
  IntakeVerifiedSchema, type IntakeStart, type IntakeTenantView, type IntakeStartedView, type IntakeVerifiedView, type PublicIntakeView,
} from './intake.wire';
export { intakeModule } from './module';
