import { DateOnly, DateTime, Nullable, StringEnum, Type, type Static } from '../wire';
import { ONBOARDING_STAGES } from './case.entity';
import { COUNTRY_CODES } from '../countries';
import { REGISTRATION_NUMBER_FIELD_PATTERN, REGISTRATION_NUMBER_MESSAGE } from '../registration-number';

/**
 * The customer portal's wire shapes (tRPC inputs and outputs). Inputs are validated with these very
 * schemas (trpc `typebox(...)`, and again by the use cases), so a field's rules live in one place.
 * To clear a field, send null; text is trimmed and an empty text is stored as null.
 */

/** The one sentence for a website the application refuses (the schema's and checkDraft's). */
export const WEBSITE_MESSAGE = 'must be a web address, such as northwind.example or https://northwind.example';

const COUNTRY_MESSAGE = 'must be an ISO 3166-1 alpha-2 country code, e.g. GB';

/** An ISO 3166-1 alpha-2 code (upper case). */
export const CountryCode = () => StringEnum(COUNTRY_CODES, { 'x-message': COUNTRY_MESSAGE, description: 'ISO 3166-1 alpha-2 code, e.g. GB.' });
/** An ISO 3166-1 alpha-2 code or null: one enum (null among its values), so one readable error. */
const NullableCountry = () => Type.Unsafe<string | null>({
  type: ['string', 'null'], enum: [...COUNTRY_CODES, null], 'x-message': COUNTRY_MESSAGE, description: 'ISO 3166-1 alpha-2 code, e.g. GB; null to clear.',
});
const Text = (maxLength: number) => Nullable(Type.String({ maxLength }));
const optional = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(schema);

/** The company profile as the customer fills it in (every field optional: drafts are partial). */
export const CompanyProfileDraftSchema = Type.Object({
  companyName: optional(Text(200)),
  registrationNumber: optional(Nullable(Type.String({
    maxLength: 64, pattern: REGISTRATION_NUMBER_FIELD_PATTERN, 'x-message': REGISTRATION_NUMBER_MESSAGE,
    description: 'Letters, digits, and spaces, hyphens or dots between them; at most 32 characters.',
  }))),
  country: optional(NullableCountry()),
  entityType: optional(Text(100)),
  incorporationDate: optional(Nullable(DateOnly({ description: 'YYYY-MM-DD, not in the future.' }))),
  registeredAddress: optional(Text(1000)),
  taxId: optional(Text(64)),
  vatNumber: optional(Text(64)),
  businessActivity: optional(Text(5000)),
  industrySector: optional(Text(200)),
  annualRevenue: optional(Text(100)),
  website: optional(Nullable(Type.String({
    // A web address; without a scheme ("northwind.example") it is taken as https:// (checkDraft normalises and checks it).
    maxLength: 2048, pattern: '^\\s*(?:[Hh][Tt][Tt][Pp][Ss]?://\\S+|(?![A-Za-z][A-Za-z0-9+.-]*://)\\S+)\\s*$', 'x-message': WEBSITE_MESSAGE,
    description: 'A web address: http:// or https://, or none (then https:// is assumed).',
  }))),
  sourceOfFunds: optional(Text(5000)),
  transactsInternationally: optional(Type.Boolean()),
  internationalCountries: optional(Type.Array(CountryCode(), { maxItems: 250, uniqueItems: true })),
  customAnswers: optional(Type.Object({}, {
    // Checked by the use case (checkDraft): ajv's strict mode refuses a union of types here.
    additionalProperties: Type.Unsafe<string | number | boolean | null>({ description: 'Text (at most 5000 characters), a number, true/false or null.' }),
    maxProperties: 100,
    propertyNames: { maxLength: 100 },
    description: 'Answers to the tenant\'s own questions, by question key: text, a number, true/false or null.',
  })),
}, { additionalProperties: false });
export type CompanyProfileDraft = Static<typeof CompanyProfileDraftSchema>;

/** A director or UBO as the customer enters them. `personKey` (from application.get) keeps a person's identity across saves. */
export const OwnerDraftSchema = Type.Object({
  personKey: optional(Type.String({ format: 'uuid', description: 'As application.get returned it; omit for a new person.' })),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  email: optional(Nullable(Type.String({ format: 'email', maxLength: 254 }))),
  roles: optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 10, uniqueItems: true })),
  ownershipPercent: optional(Nullable(Type.Number({ minimum: 0, maximum: 100, description: 'Percent of ownership, 0 to 100.' }))),
  nationality: optional(NullableCountry()),
  dateOfBirth: optional(Nullable(DateOnly({ description: 'YYYY-MM-DD.' }))),
  idNumber: optional(Text(64)),
  idCountry: optional(NullableCountry()),
  countryOfResidence: optional(NullableCountry()),
}, { additionalProperties: false });
export type OwnerDraft = Static<typeof OwnerDraftSchema>;

export const OwnershipDraftSchema = Type.Object({
  hasUbos: optional(Nullable(Type.Boolean({ description: 'Does any person own or control 25% or more of the company? null: not answered yet.' }))),
  directors: optional(Type.Array(OwnerDraftSchema, { maxItems: 20, description: 'When given, replaces the list.' })),
  ubos: optional(Type.Array(OwnerDraftSchema, { maxItems: 20, description: 'When given, replaces the list. Percentages add up to at most 100.' })),
}, { additionalProperties: false });
export type OwnershipDraft = Static<typeof OwnershipDraftSchema>;

/** The application's two form steps: the company profile, and the directors and owners. */
export const APPLICATION_STEPS = ['company', 'ownership'] as const;
export type ApplicationStepKey = (typeof APPLICATION_STEPS)[number];

/** application.save: a partial draft; what is absent stays as it was. */
export const ApplicationDraftSchema = Type.Object({
  companyProfile: optional(CompanyProfileDraftSchema),
  ownership: optional(OwnershipDraftSchema),
  completeStep: optional(StringEnum(APPLICATION_STEPS, {
    description: 'Saving a step as done ("Save and continue"): the save is refused, and nothing written, unless everything that step asks for '
      + '(its required fields, conditional ones included) is then there. Without it the draft may be partial.',
  })),
}, { additionalProperties: false });
export type ApplicationDraft = Static<typeof ApplicationDraftSchema>;

/** A director or UBO as the application holds them. */
export const OwnerSchema = Type.Object({
  personKey: Type.String({ format: 'uuid', description: 'UUID v4 shared by the same human within the case (a director who is also a UBO).' }),
  name: Type.String(),
  email: Nullable(Type.String()),
  roles: Type.Array(Type.String()),
  ownershipPercent: Nullable(Type.Number()),
  nationality: Nullable(Type.String()),
  dateOfBirth: Nullable(DateOnly()),
  idNumber: Nullable(Type.String()),
  idCountry: Nullable(Type.String()),
  countryOfResidence: Nullable(Type.String()),
});
export type OwnerView = Static<typeof OwnerSchema>;

export const CompanyProfileSchema = Type.Object({
  companyName: Nullable(Type.String()),
  registrationNumber: Nullable(Type.String()),
  country: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2 (a country name given at intake is shown as its code when recognised).' })),
  entityType: Nullable(Type.String()),
  incorporationDate: Nullable(DateOnly()),
  registeredAddress: Nullable(Type.String()),
  taxId: Nullable(Type.String()),
  vatNumber: Nullable(Type.String()),
  businessActivity: Nullable(Type.String()),
  industrySector: Nullable(Type.String()),
  annualRevenue: Nullable(Type.String()),
  website: Nullable(Type.String()),
  sourceOfFunds: Nullable(Type.String()),
  transactsInternationally: Type.Boolean(),
  internationalCountries: Type.Array(Type.String()),
  customAnswers: Type.Record(Type.String(), Type.Unknown()),
});
export type CompanyProfileView = Static<typeof CompanyProfileSchema>;

/** application.get (and what application.save answers). */
export const ApplicationSchema = Type.Object({
  companyProfile: CompanyProfileSchema,
  ownership: Type.Object({ hasUbos: Nullable(Type.Boolean()), directors: Type.Array(OwnerSchema), ubos: Type.Array(OwnerSchema) }),
  editable: Type.Boolean({ description: 'False once the application is submitted.' }),
});
export type ApplicationView = Static<typeof ApplicationSchema>;

/** application.submit's answer. */
export const SubmittedSchema = Type.Object({
  caseId: Type.String(),
  status: Type.Literal('in_review'),
  stage: StringEnum(ONBOARDING_STAGES, { description: 'application_submitted, or the stage the case had already reached beyond it (stages only move forward).' }),
  submittedAt: DateTime(),
});
export type SubmittedView = Static<typeof SubmittedSchema>;

export const STEP_STATES = ['not_started', 'in_progress', 'complete', 'locked'] as const;
export type StepState = (typeof STEP_STATES)[number];

/** portal.session: who, for whom, where the case stands and what is left to do. */
export const PortalSessionSchema = Type.Object({
  tenant: Type.Object({ name: Type.String(), brandColor: Type.String(), logoUrl: Nullable(Type.String()) }),
  case: Type.Object({ caseId: Type.String(), companyName: Nullable(Type.String()), status: Type.String() }),
  stage: Type.Object({ value: StringEnum(ONBOARDING_STAGES), label: Type.String({ description: 'In the customer\'s words.' }) }),
  steps: Type.Array(Type.Object({
    step: StringEnum(['application', 'documents', 'review', 'submit'] as const),
    state: StringEnum(STEP_STATES, { description: '`locked`: not available yet (what it needs is not done).' }),
  })),
  editable: Type.Boolean(),
  customerEmail: Type.String(),
  applicationSteps: Type.Array(Type.Object({
    step: StringEnum(APPLICATION_STEPS),
    state: StringEnum(STEP_STATES, { description: '`complete` once everything this step asks for is saved and valid.' }),
  }), { description: 'The application step\'s two pages (company, ownership), each with its own state.' }),
  reference: Type.String({ description: 'The short reference the customer is shown for their case (the display reference `C-<n>`, else the caseId).' }),
  reviewConfirmed: Type.Boolean({ description: 'Whether the customer has confirmed the review step (needed before application.submit).' }),
});
export type PortalSessionView = Static<typeof PortalSessionSchema>;

/** portal.requestNewLink: the old link's token (from the expired or used link page) and the customer's email. */
export const RequestNewLinkSchema = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  email: Type.String({ minLength: 1, maxLength: 254, format: 'email' }),
}, { additionalProperties: false });
export type RequestNewLinkInput = Static<typeof RequestNewLinkSchema>;

/** portal.linkBranding: the old link's token (kept by the portal after "Start"). */
export const LinkBrandingInputSchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
/** portal.linkBranding's answer: the tenant's branding, as portal.session's tenant. */
export const LinkBrandingSchema = Type.Object({ name: Type.String(), brandColor: Type.String(), logoUrl: Nullable(Type.String()) });
export type LinkBrandingView = Static<typeof LinkBrandingSchema>;

/** review.get: one field of one section. */
export const ReviewFieldSchema = Type.Object({
  field: Type.String(),
  label: Type.String(),
  /** What confirming keeps: the application's value, else the extracted one. */
  value: Type.Unknown(),
  applicationValue: Type.Unknown(),
  extractedValue: Type.Unknown({ description: 'What extraction read (null when nothing was read for this field).' }),
});

export const ReviewSchema = Type.Object({
  pending: Type.Boolean({ description: 'True while uploaded documents await extraction.' }),
  documents: Type.Object({ total: Type.Integer(), awaitingExtraction: Type.Integer() }),
  submitsCase: Type.Boolean({ description: 'True when confirming also submits (a case that came in through document upload).' }),
  confirmedAt: Nullable(DateTime()),
  editable: Type.Boolean(),
  sections: Type.Array(Type.Object({
    section: Type.String({ description: '`company`, `directors.<n>` or `ubos.<n>` (zero-based).' }),
    label: Type.String(),
    fields: Type.Array(ReviewFieldSchema),
  })),
});
export type ReviewView = Static<typeof ReviewSchema>;

export const ReviewConfirmSchema = Type.Object({
  amendments: Type.Array(Type.Object({
    section: Type.String({ minLength: 1, maxLength: 40 }),
    field: Type.String({ minLength: 1, maxLength: 64 }),
    correctedValue: Type.Unknown(),
  }, { additionalProperties: false }), { maxItems: 200 }),
}, { additionalProperties: false });
export type ReviewConfirmInput = Static<typeof ReviewConfirmSchema>;
