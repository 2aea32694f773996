import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CASE_SEARCH_DESCRIPTION, CASE_STATUSES, CaseListSchema, DecisionListSchema, listCaseDecisions, listCases, type CaseStatus } from '../src/cases/index';
import { CaseDetailSchema, getCase } from '../src/decisions/index';
import { DOCUMENT_STATUSES, DocumentListSchema, DocumentSchema, getDocument, listDocuments, type DocumentStatus } from '../src/documents/index';
import { EVENT_TYPES, EventListSchema, listEventFeed } from '../src/events/index';
import { CursorSchema, LimitSchema, SearchSchema } from '../src/pagination/index';
import type { TokenActor } from '../src/access/index';
import { StringEnum, type Services } from '../src/platform/index';
import { listScreeningHits, ScreeningHitListSchema } from '../src/screening/index';

/** What a tool returns: the pull API's answer (its structured content), the case ids it read, and a short text. */
export interface ToolOutcome {
  result: object;
  caseIds: string[];
  text: string;
}

export interface McpTool<I extends TSchema = TSchema> {
  name: string;
  title: string;
  /** For a model: what it returns and when to use it. */
  description: string;
  inputSchema: I;
  /** The pull API's response schema of the use case (its structured content is exactly that answer). */
  outputSchema: TSchema;
  run(svc: Services, actor: TokenActor, input: Static<I>): Promise<ToolOutcome>;
}

const limit = Type.Optional(LimitSchema);
const cursor = Type.Optional(CursorSchema);
const caseId = Type.String({ minLength: 1, maxLength: 64, description: 'The case id: `CS-<year>-<00000>` or a UUID.' });
const strict = { additionalProperties: false } as const;

const more = (page: { hasMore: boolean; nextCursor: string | null }) =>
  page.hasMore ? `More results: call again with cursor "${page.nextCursor}".` : 'No more results.';
const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : 'never');

const searchCasesInput = Type.Object({
  status: Type.Optional(Type.Array(StringEnum(CASE_STATUSES), { minItems: 1, uniqueItems: true, description: 'Only cases in one of these statuses.' })),
  updatedSince: Type.Optional(Type.String({ format: 'date-time', description: 'Only cases updated at or after this ISO 8601 date-time (with Z or an offset).' })),
  search: Type.Optional(SearchSchema(CASE_SEARCH_DESCRIPTION)),
  limit, cursor,
}, strict);
const searchCases: McpTool<typeof searchCasesInput> = {
  name: 'search_cases',
  title: 'Search cases',
  description: 'Lists the organisation\'s onboarding cases, newest first, each with caseId, company, customer, status, onboarding stage and dates. '
    + 'Use it to find cases by status (e.g. in_review, pending_senior), by what changed since a time, or by a search that starts the company name, '
    + 'the customer email, the case id or the CRM record id. Then call get_case for one case\'s decision, risk and screening summary. Paged: pass nextCursor back as cursor.',
  inputSchema: searchCasesInput,
  outputSchema: CaseListSchema,
  async run(svc, actor, input) {
    const page = await listCases(svc, actor, {
      statuses: input.status as CaseStatus[] | undefined, updatedSince: input.updatedSince ? new Date(input.updatedSince) : undefined,
      search: input.search, limit: input.limit, cursor: input.cursor,
    });
    const lines = page.data.map((c) => `- ${c.caseId} ${c.companyName ?? '(no company yet)'}: ${c.status}, stage ${c.onboardingStage}, updated ${c.updatedAt}`);
    return { result: page, caseIds: page.data.map((c) => c.caseId), text: [`${page.data.length} case(s).`, ...lines, more(page)].join('\n') };
  },
};

const getCaseInput = Type.Object({ caseId }, strict);
const getCaseTool: McpTool<typeof getCaseInput> = {
  name: 'get_case',
  title: 'Get a case',
  description: 'Returns one case: status, onboarding stage, customer and company, the current decision (outcome, notes, who and when), '
    + 'risk band and score, screening summary (hits, sanctioned, PEP) and the invite. Use it when the user asks about a specific case.',
  inputSchema: getCaseInput,
  outputSchema: CaseDetailSchema,
  async run(svc, actor, input) {
    const c = await getCase(svc, actor, input.caseId);
    const decision = c.decision ? `${c.decision.outcome} by ${c.decision.analystEmail} on ${day(c.decision.decidedAt)}` : 'no decision yet';
    const s = c.screeningSummary;
    return {
      result: c, caseIds: [c.caseId],
      text: `${c.caseId} ${c.companyName ?? '(no company yet)'}: ${c.status}, stage ${c.onboardingStage}; ${decision}; risk ${c.riskBand ?? 'not assessed'}; `
        + `screening ${s.totalHits} hit(s), ${s.sanctionedHits} sanctioned, ${s.pepHits} PEP.`,
    };
  },
};

const caseListInput = Type.Object({ caseId, limit, cursor }, strict);
const listCaseDecisionsTool: McpTool<typeof caseListInput> = {
  name: 'list_case_decisions',
  title: 'List a case\'s decisions',
  description: 'Returns the decision history of one case, newest first: outcome (approved or declined), notes, the analyst (or policy_engine) and when. '
    + 'Use it to explain how and why a case was decided, or whether it was reopened and decided again.',
  inputSchema: caseListInput,
  outputSchema: DecisionListSchema,
  async run(svc, actor, input) {
    const page = await listCaseDecisions(svc, actor, input.caseId, { limit: input.limit, cursor: input.cursor });
    const lines = page.data.map((d) => `- ${d.outcome} by ${d.analystEmail} on ${d.decidedAt}${d.notes ? `: ${d.notes}` : ''}`);
    return { result: page, caseIds: [input.caseId], text: [`${page.data.length} decision(s) of ${input.caseId}.`, ...lines, more(page)].join('\n') };
  },
};

const listCaseScreeningTool: McpTool<typeof caseListInput> = {
  name: 'list_case_screening',
  title: 'List a case\'s screening hits',
  description: 'Returns the sanctions, PEP and adverse-media screening hits of one case, newest first: the screened party, the matched watchlist entity, '
    + 'score, topics, the AI triage\'s opinion and the analyst\'s disposition. Use it to answer questions about a case\'s screening or why it was escalated.',
  inputSchema: caseListInput,
  outputSchema: ScreeningHitListSchema,
  async run(svc, actor, input) {
    const page = await listScreeningHits(svc, actor, input.caseId, { limit: input.limit, cursor: input.cursor });
    const lines = page.data.map((h) => `- ${h.subjectName ?? 'unknown subject'} ~ ${h.caption ?? 'unknown entity'}${h.isSanctioned ? ' (sanctioned)' : ''}${h.isPep ? ' (PEP)' : ''}`);
    return { result: page, caseIds: [input.caseId], text: [`${page.data.length} screening hit(s) of ${input.caseId}.`, ...lines, more(page)].join('\n') };
  },
};

const listDocumentsInput = Type.Object({
  caseId: Type.Optional(caseId),
  status: Type.Optional(StringEnum(DOCUMENT_STATUSES, { description: 'Only documents in this status.' })),
  limit, cursor,
}, strict);
const listDocumentsTool: McpTool<typeof listDocumentsInput> = {
  name: 'list_documents',
  title: 'List documents',
  description: 'Lists uploaded documents (passports, registry extracts, proofs of address ...), newest first, across the organisation or of one case: '
    + 'type, file name, extraction status and confidence. Use get_document for what was extracted from one.',
  inputSchema: listDocumentsInput,
  outputSchema: DocumentListSchema,
  async run(svc, actor, input) {
    const page = await listDocuments(svc, actor, { caseId: input.caseId, status: input.status as DocumentStatus | undefined, limit: input.limit, cursor: input.cursor });
    const lines = page.data.map((d) => `- #${d.id} ${d.documentType ?? 'document'} (${d.filename ?? 'no file name'}) of ${d.caseId}: ${d.status}`);
    return { result: page, caseIds: page.data.map((d) => d.caseId), text: [`${page.data.length} document(s).`, ...lines, more(page)].join('\n') };
  },
};

const getDocumentInput = Type.Object({ documentId: Type.Integer({ minimum: 1, description: 'The document id (from list_documents).' }) }, strict);
const getDocumentTool: McpTool<typeof getDocumentInput> = {
  name: 'get_document',
  title: 'Get a document',
  description: 'Returns one document with its extractedData (company name, registration number, directors, names, dates of birth, document numbers ...), '
    + 'extraction warnings and missing fields. Use it to answer what a document says or why it needs attention.',
  inputSchema: getDocumentInput,
  outputSchema: DocumentSchema,
  async run(svc, actor, input) {
    const d = await getDocument(svc, actor, String(input.documentId));
    const fields = d.extractedData ? Object.keys(d.extractedData).length : 0;
    return {
      result: d, caseIds: [d.caseId],
      text: `Document #${d.id} ${d.documentType ?? 'document'} of ${d.caseId}: ${d.status}; ${fields} extracted field(s), ${d.warnings.length} warning(s), ${d.missingFields.length} missing field(s).`,
    };
  },
};

const listEventsInput = Type.Object({
  event_type: Type.Optional(StringEnum(EVENT_TYPES, { description: 'Only events of this type, e.g. case.decision.made.' })),
  limit, cursor,
}, strict);
const listEventsTool: McpTool<typeof listEventsInput> = {
  name: 'list_events',
  title: 'List events',
  description: 'Returns the organisation\'s event feed, oldest first: every change to cases, documents, screening, risk and reviews, with the same data as the webhooks. '
    + 'Use it for "what happened" questions; filter by event_type. nextCursor is always returned: pass it as cursor to read on or, later, to see only newer events.',
  inputSchema: listEventsInput,
  outputSchema: EventListSchema,
  async run(svc, actor, input) {
    const page = await listEventFeed(svc, actor, { eventType: input.event_type, limit: input.limit, cursor: input.cursor });
    const data = page.items.map((i) => ({ eventId: i.eventId, eventType: i.eventType, eventVersion: i.eventVersion, occurredAt: i.occurredAt, data: JSON.parse(i.data) as Record<string, unknown> }));
    const caseIds = data.map((e) => e.data.caseId).filter((id): id is string => typeof id === 'string');
    const lines = data.map((e) => `- ${e.occurredAt} ${e.eventType}${typeof e.data.caseId === 'string' ? ` ${e.data.caseId}` : ''}`);
    return {
      result: { data, nextCursor: page.nextCursor, hasMore: page.hasMore }, caseIds,
      text: [`${data.length} event(s).`, ...lines, page.hasMore ? `More results: call again with cursor "${page.nextCursor}".` : `No more events now; later ones follow cursor "${page.nextCursor}".`].join('\n'),
    };
  },
};

/** The MCP server's tools: read-only, each one pull-API use case with its scopes and tenant rules. */
export const TOOLS: McpTool[] = [
  searchCases, getCaseTool, listCaseDecisionsTool, listCaseScreeningTool, listDocumentsTool, getDocumentTool, listEventsTool,
] as McpTool[];
