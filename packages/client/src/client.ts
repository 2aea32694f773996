import { randomUUID } from 'node:crypto';
import type { components, operations } from './generated/openapi';
import { request, type Answer, type RequestOptions, type RetryOptions, type Transport } from './http';
import { Paged } from './paging';
import { TokenSource } from './token';

type Schemas = components['schemas'];
export type CaseSummary = Schemas['CaseSummary'];
export type CaseDetail = Schemas['CaseDetail'];
export type CreateCaseRequest = Schemas['CreateCaseRequest'];
export type CreatedCase = Schemas['CreatedCase'];
export type EventFeedItem = Schemas['EventFeedItem'];
/** The filters of GET /v1/cases (paging is the client's). */
export type ListCasesQuery = Omit<NonNullable<operations['listCases']['parameters']['query']>, 'cursor'>;
/** The filters of GET /v1/events; `cursor` starts after a position you kept. */
export type ListEventsQuery = NonNullable<operations['listEvents']['parameters']['query']>;

export interface ClientOptions extends RetryOptions {
  /** The service's base address, e.g. https://api.example.com. */
  baseUrl: string;
  /** Pull-API credentials (console: Compliance Configuration). */
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes to ask for; default every scope of the client. */
  scope?: string;
  /** Refresh the access token this many seconds before it expires. Default 60. */
  refreshBeforeSeconds?: number;
  /** Default the global fetch (Node 20). */
  fetch?: typeof fetch;
  /** Now in milliseconds (token expiry, Retry-After dates). Default Date.now. */
  now?: () => number;
  /** How retries wait. Default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
}

export interface CreateCaseResult {
  case: CreatedCase;
  /** 201 created; 200 an existing case of this crmRecordId. */
  status: 201 | 200;
  /** Idempotent-Replay: `true` (the stored answer of this Idempotency-Key), `crm-record-id`, or null (new). */
  replay: 'true' | 'crm-record-id' | null;
  /** The Idempotency-Key sent: keep it to retry this creation safely later. */
  idempotencyKey: string;
}

/** The service's client: see docs/client.md. */
export function createClient(options: ClientOptions) {
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const tokens = new TokenSource({
    baseUrl, clientId: options.clientId, clientSecret: options.clientSecret, scope: options.scope,
    refreshBeforeSeconds: options.refreshBeforeSeconds, fetch: fetchFn, now,
  });
  const transport: Transport = {
    baseUrl, tokens, fetch: fetchFn, now,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    retry: { maxRetries: options.maxRetries ?? 3, baseDelayMs: options.baseDelayMs ?? 1000, maxDelayMs: options.maxDelayMs ?? 60_000 },
  };
  const get = async <T>(path: string, query?: RequestOptions['query']): Promise<T> => (await request<T>(transport, 'GET', path, { query })).data;
  const helper = async (caseId: string, step: string, body: unknown): Promise<CaseDetail> =>
    (await request<CaseDetail>(transport, 'POST', `/v1/test_helpers/cases/${encodeURIComponent(caseId)}/${step}`, { body })).data;

  return {
    tokens,
    /** Any documented call, e.g. `request<CaseDetail>('GET', '/v1/cases/CS-2026-00001')`. Writes should pass an idempotencyKey. */
    request: <T>(method: string, path: string, opts?: RequestOptions): Promise<Answer<T>> => request<T>(transport, method, path, opts),
    cases: {
      /** Every case matching the filters, newest first, across pages. */
      list: (query: ListCasesQuery = {}): Paged<CaseSummary> =>
        new Paged((cursor) => get<Schemas['CaseList']>('/v1/cases', { ...query, cursor })),
      get: (caseId: string): Promise<CaseDetail> => get<CaseDetail>(`/v1/cases/${encodeURIComponent(caseId)}`),
      /** POST /v1/cases with an Idempotency-Key (a new UUID unless given): retries after 429/503 reuse it. */
      create: async (body: CreateCaseRequest, opts: { idempotencyKey?: string } = {}): Promise<CreateCaseResult> => {
        const idempotencyKey = opts.idempotencyKey ?? randomUUID();
        const answer = await request<CreatedCase>(transport, 'POST', '/v1/cases', { body, idempotencyKey });
        const replay = answer.headers.get('idempotent-replay');
        return {
          case: answer.data, status: answer.status as 201 | 200, idempotencyKey,
          replay: replay === 'true' || replay === 'crm-record-id' ? replay : null,
        };
      },
    },
    events: {
      /** The event feed from `cursor` (or the start), oldest first, until the last page. */
      list: (query: ListEventsQuery = {}): Paged<EventFeedItem> =>
        new Paged((cursor) => get<Schemas['EventList']>('/v1/events', { ...query, cursor: cursor ?? query.cursor })),
    },
    /**
     * Test mode's helpers (test credentials with the scope test_helpers; docs/test-mode.md): each moves a test case one
     * real step along and answers the case; the events are the real step's.
     */
    testHelpers: {
      submit: (caseId: string, body: Schemas['TestSubmitRequest'] = {}) => helper(caseId, 'submit', body),
      verifyIdentity: (caseId: string, body: Schemas['TestVerifyIdentityRequest']) => helper(caseId, 'verify_identity', body),
      screeningHit: (caseId: string, body: Schemas['TestScreeningHitRequest']) => helper(caseId, 'screening_hit', body),
      decide: (caseId: string, body: Schemas['TestDecideRequest']) => helper(caseId, 'decide', body),
      monitoringAlert: (caseId: string, body: Schemas['TestMonitoringAlertRequest']) => helper(caseId, 'monitoring_alert', body),
      advanceClock: async (body: Schemas['TestClockAdvanceRequest']): Promise<Schemas['TestClock']> =>
        (await request<Schemas['TestClock']>(transport, 'POST', '/v1/test_helpers/clock/advance', { body })).data,
    },
  };
}

export type Client = ReturnType<typeof createClient>;
