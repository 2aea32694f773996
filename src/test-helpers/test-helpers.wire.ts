import { DecisionOutcomeSchema } from '../cases/index';
import { DateTime, StringEnum, Type, type Static } from '../wire';

/** The documents the submit helper can generate (text PDFs the local extractor reads). */
export const GENERATED_DOCUMENT_KINDS = ['certificate_of_incorporation', 'passport'] as const;
export type GeneratedDocumentKind = (typeof GENERATED_DOCUMENT_KINDS)[number];
/** Most parties one generated application holds. */
export const MAX_GENERATED_PARTIES = 6;

export const TestPartySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', 'x-message': 'must be a name of 1 to 200 characters, not blank', description: 'Full name (given names, then surname).' }),
  email: Type.Optional(Type.String({ minLength: 3, maxLength: 254, description: 'Where the identity-verification link goes; default a generated address at example.com.' })),
  roles: Type.Optional(Type.Array(StringEnum(['director', 'ubo'] as const), { minItems: 1, maxItems: 2, uniqueItems: true, description: 'Default ["director", "ubo"] for the first party, ["director"] for the others.' })),
  ownershipPercent: Type.Optional(Type.Number({ minimum: 25, maximum: 100, description: 'For a UBO; default an even share.' })),
  nationality: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', 'x-message': 'must be an ISO 3166-1 alpha-2 code, e.g. GB', description: 'ISO 3166-1 alpha-2; default GB.' })),
  dateOfBirth: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD; default a generated adult\'s.' })),
}, { additionalProperties: false });
export type TestParty = Static<typeof TestPartySchema>;

export const TestSubmitRequestSchema = Type.Object({
  parties: Type.Optional(Type.Union([
    Type.Integer({ minimum: 1, maximum: MAX_GENERATED_PARTIES, description: 'How many generated people (the first a director and the UBO, the others directors).' }),
    Type.Array(TestPartySchema, { minItems: 1, maxItems: MAX_GENERATED_PARTIES, description: 'Which people, in order.' }),
  ], { description: 'The company\'s people: how many to generate, or which. Default 1.' })),
  documents: Type.Optional(Type.Array(StringEnum(GENERATED_DOCUMENT_KINDS), {
    minItems: 1, maxItems: 4, uniqueItems: true,
    description: 'Which documents to upload: a certificate of incorporation, and/or a passport of each person. Default ["certificate_of_incorporation"].',
  })),
}, { additionalProperties: false });
export type TestSubmitBody = Static<typeof TestSubmitRequestSchema>;

export const TestVerifyIdentityRequestSchema = Type.Object({
  outcome: StringEnum(['pass', 'fail', 'manual_review'] as const, { description: 'What the verifier is to find: a passport that matches (pass), an expired one (fail), a document without a machine-readable zone (manual_review).' }),
  personId: Type.Optional(Type.String({ format: 'uuid', description: 'Only this person: the personKey of their idv.dispatched. Default every person whose verification is open.' })),
}, { additionalProperties: false });
export type TestVerifyIdentityBody = Static<typeof TestVerifyIdentityRequestSchema>;

export const TestScreeningHitRequestSchema = Type.Object({
  subject: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', 'x-message': 'must name a screened party of the case', description: 'A screened party of the submitted case, by name: the company or one of its people.' }),
  sanctioned: Type.Optional(Type.Boolean({ description: 'The watchlist entry is sanctioned. Default false.' })),
  pep: Type.Optional(Type.Boolean({ description: 'The watchlist entry is a politically exposed person. Default false.' })),
}, { additionalProperties: false });
export type TestScreeningHitBody = Static<typeof TestScreeningHitRequestSchema>;

export const TestDecideRequestSchema = Type.Object({
  outcome: DecisionOutcomeSchema,
  notes: Type.Optional(Type.String({ maxLength: 5000, description: 'The decision note; default empty.' })),
}, { additionalProperties: false });
export type TestDecideBody = Static<typeof TestDecideRequestSchema>;

export const MONITORING_ALERT_TYPES = ['sanctions_hit', 'pep_change', 'adverse_media', 'structure_change'] as const;
export type TestAlertType = (typeof MONITORING_ALERT_TYPES)[number];
export const TestMonitoringAlertRequestSchema = Type.Object({
  alertType: StringEnum(MONITORING_ALERT_TYPES),
  severity: Type.Optional(StringEnum(['low', 'medium', 'high'] as const, {
    description: 'As monitoring rates the alert: sanctions_hit is high, pep_change medium, structure_change medium or high, adverse_media any. Default the type\'s first.',
  })),
}, { additionalProperties: false });
export type TestMonitoringAlertBody = Static<typeof TestMonitoringAlertRequestSchema>;

/** Ten years: the longest single advance of a test clock (retention periods are counted in years). */
export const MAX_ADVANCE_SECONDS = 10 * 366 * 24 * 3600;
export const TestClockAdvanceRequestSchema = Type.Object({
  seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ADVANCE_SECONDS, description: 'How far to move the clock on.' })),
  duration: Type.Optional(Type.String({ minLength: 3, maxLength: 40, pattern: '^P', 'x-message': 'must be an ISO 8601 duration such as P3D or PT12H', description: 'The same as an ISO 8601 duration (P3D, PT12H, P1Y2M); give seconds or duration, not both.' })),
}, { additionalProperties: false });
export type TestClockAdvanceBody = Static<typeof TestClockAdvanceRequestSchema>;

export const TestClockSchema = Type.Object({
  now: DateTime({ description: 'The tenant\'s test time after the advance: the service\'s time plus the clock\'s offset.' }),
  offsetSeconds: Type.Integer({ minimum: 0, description: 'How far the test clock is ahead of the service\'s clock.' }),
  advancedSeconds: Type.Integer({ minimum: 1, description: 'This advance.' }),
  ran: Type.Object({
    remindersSent: Type.Integer({ minimum: 0, description: 'Reminders of requested items that fell due (each an email, outreach.email.sent once the mail system takes it).' }),
    slaAtRiskEmails: Type.Integer({ minimum: 0, description: 'Owners emailed because a test case reached 80 % of its SLA target (kept, as all test mail: the console\'s Mail page in the test view).' }),
    slaBreaches: Type.Integer({ minimum: 0, description: 'Test cases whose SLA this advance breached (due between the old test time and the new one); the test view shows them breached.' }),
    casesPurged: Type.Integer({ minimum: 0, description: 'Closed cases whose retention period ended: their personal data purged.' }),
  }, { additionalProperties: false }),
}, { additionalProperties: false });
export type TestClockView = Static<typeof TestClockSchema>;
