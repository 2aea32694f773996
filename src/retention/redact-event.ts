/**
 * The stored bytes of a purged case's events, with the personal data taken out: what the feed serves and
 * a redelivery sends from then on. Names, emails, file names, extracted data and the full-parity profile's
 * personal parts go; ids, types, statuses, outcomes, scores, counts and times stay, so the event history
 * still tells what happened. Strings the schema requires become '' and nullable ones null, so every
 * payload keeps its event's JSON Schema.
 */
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const each = (v: unknown, fn: (o: Json) => void) => {
  if (Array.isArray(v)) for (const item of v) if (isObject(item)) fn(item);
};

/** The company profile fields that can name or locate a person (the full-parity `companyProfile`). */
const PERSONAL_PROFILE_FIELDS = ['registeredAddress', 'taxId', 'vatNumber', 'businessActivity', 'customerEmail', 'sourceOfFunds'] as const;

function redactFullParity(fp: Json): void {
  if (isObject(fp.companyProfile)) {
    for (const f of PERSONAL_PROFILE_FIELDS) if (f in fp.companyProfile) fp.companyProfile[f] = null;
    if ('customAnswers' in fp.companyProfile) fp.companyProfile.customAnswers = {};
  }
  if (isObject(fp.ownership)) fp.ownership = { ...fp.ownership, directors: [], ubos: [] };
  if ('owner' in fp) fp.owner = null;
  each(fp.documents, (d) => {
    d.filename = '';
    d.extractedData = {};
    d.warnings = [];
    d.notes = null;
  });
}

const REDACTORS: Record<string, (p: Json) => void> = {
  'document.uploaded': (p) => {
    p.filenames = [];
  },
  'document.processed': (p) => {
    p.filename = '';
  },
  'screening.hit.detected': (p) => {
    p.subjectName = null;
    p.caption = null;
  },
  'screening.hit.triaged': (p) => {
    p.subjectName = '';
    p.shortReason = '';
  },
  'screening.completed': (p) => each(p.summary, (s) => {
    s.name = '';
  }),
  'case.onboarding_progress.changed': (p) => each(p.roster, (r) => {
    r.name = '';
  }),
  'data.corrected': (p) => each(p.amendments, (a) => {
    a.originalValue = null;
    a.correctedValue = null;
  }),
  'case.data_package.delivered': (p) => {
    if (isObject(p.fullParity)) redactFullParity(p.fullParity);
  },
  // EDD and outreach (src/edd, src/outreach): the customer's address, and analysts' notes (free text).
  'edd.requested': (p) => {
    p.recipientEmail = '';
  },
  'outreach.email.sent': (p) => {
    p.recipientEmail = '';
  },
  'edd.requirements.changed': (p) => {
    p.note = '';
  },
};

/** The redacted payload (a copy), or null when the event holds nothing personal. */
export function redactEventPayload(type: string, payload: Json): Json | null {
  const copy = structuredClone(payload);
  let changed = false;
  for (const key of ['customerEmail', 'customerName'] as const) {
    if (typeof copy[key] === 'string') {
      copy[key] = null;
      changed = true;
    }
  }
  const redact = REDACTORS[type];
  if (redact) {
    redact(copy);
    changed = true;
  }
  return changed ? copy : null;
}
