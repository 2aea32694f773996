import { Nullable, StringEnum, Type, type Static } from '../wire';

/**
 * The public intake's wire shapes (tRPC inputs and outputs of `intake.*`). Procedures validate their input
 * with these very schemas, and the use cases again.
 */

/** The slug as typed in the link: any letter case (it is compared in lower case); shape checked by the use case. */
const SlugInput = Type.String({ minLength: 1, maxLength: 63, description: 'The last part of `{APP_URL}/apply/<slug>`.' });
const EmailInput = Type.String({ minLength: 1, maxLength: 254, format: 'email' });

/** How the customer starts: the application form, or uploading documents first (the case's `source`). */
export const INTAKE_STARTS = ['application_form', 'doc_upload'] as const;
export type IntakeStart = (typeof INTAKE_STARTS)[number];

export const IntakeTenantInputSchema = Type.Object({ slug: SlugInput }, { additionalProperties: false });

export const IntakeStartInputSchema = Type.Object({ slug: SlugInput, email: EmailInput }, { additionalProperties: false });

export const IntakeVerifyInputSchema = Type.Object({
  slug: SlugInput,
  email: EmailInput,
  code: Type.String({ pattern: '^\\s*[0-9]{6}\\s*$', 'x-message': 'must be the 6-digit code from the email' }),
  start: StringEnum(INTAKE_STARTS, { description: 'application_form: fill in the form; doc_upload: upload documents first.' }),
}, { additionalProperties: false });
export type IntakeVerifyInput = Static<typeof IntakeVerifyInputSchema>;

/** The tenant's branding on the intake page. */
export const IntakeTenantSchema = Type.Object({
  name: Type.String(),
  brandColor: Type.String({ description: '#RRGGBB' }),
  logoUrl: Nullable(Type.String()),
});
export type IntakeTenantView = Static<typeof IntakeTenantSchema>;

export const IntakeStartedSchema = Type.Object({
  message: Type.String({ description: 'The same sentence for every email address.' }),
  expiresInSeconds: Type.Integer({ description: 'How long the code works: 600.' }),
});
export type IntakeStartedView = Static<typeof IntakeStartedSchema>;

export const IntakeVerifiedSchema = Type.Object({
  caseId: Type.String(),
  /** True when the email's open case was resumed (no new case was opened). */
  resumed: Type.Boolean(),
  /** How the case came in: `application_form` or `doc_upload` for an intake case, else its own source (e.g. `api`). */
  source: Type.String(),
  /** Where the portal app continues: `{APP_URL}/portal/app`. */
  next: Type.String(),
});
export type IntakeVerifiedView = Static<typeof IntakeVerifiedSchema>;

/** The public intake link as Compliance Configuration shows it. */
export interface PublicIntakeView {
  enabled: boolean;
  slug: string;
  /** `{APP_URL}/apply/<slug>` (whether or not it is enabled). */
  url: string;
}
