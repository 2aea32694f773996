// The pull API's scopes in words, as the consent screen shows them (src/oauth/scopes.ts SCOPE_DESCRIPTIONS;
// web/ may not import src/, and the schema has no query for them). A test compares the checklist with the
// server's list, so a scope added there fails it until it is added here.
export const SCOPES: { scope: string; description: string }[] = [
  { scope: 'read:cases', description: 'Read your organisation’s cases: status, owner, customer and company details.' },
  { scope: 'read:documents', description: 'Read documents uploaded to cases, including the data extracted from them.' },
  { scope: 'read:events', description: 'Read the event feed: every change to cases, documents, screening and reviews.' },
  { scope: 'read:decisions', description: 'Read the decision history of cases.' },
  { scope: 'read:screening', description: 'Read screening results: sanctions, PEP and adverse-media hits.' },
  { scope: 'read:full_case', description: 'Read the complete case file (full-parity egress), when your organisation has enabled it.' },
  { scope: 'read:evidence', description: 'Download a case’s signed evidence pack: its report, documents, decisions with provenance, events and audit trail.' },
  { scope: 'cases:write', description: 'Create new cases and send onboarding invitations to customers.' },
  { scope: 'screening:write', description: 'Record dispositions on screening hits.' },
  { scope: 'webhooks:read', description: 'Read your webhook endpoints (never their secrets) and their delivery log.' },
  { scope: 'webhooks:write', description: 'Add, change, test and delete webhook endpoints, and redeliver webhook deliveries.' },
  { scope: 'screening:search', description: 'Search the sanctions and PEP watchlist for a name, with the reasons for each match.' },
  { scope: 'test_helpers', description: 'With test credentials only: move test cases along (submit, verify identities, screening hits, decisions, monitoring alerts) and advance the test clock.' },
];

/** Scopes new credentials get only when ticked: full-parity egress and webhook management (the server's OPT_IN_SCOPES). */
const OPT_IN = ['read:full_case', 'read:evidence', 'webhooks:read', 'webhooks:write', 'screening:search', 'test_helpers'];
/** What new credentials get unless changed: every scope but the opt-in ones (the server's default too). */
export const DEFAULT_SCOPES = SCOPES.map((s) => s.scope).filter((s) => !OPT_IN.includes(s));
