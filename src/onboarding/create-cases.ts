import { authorize, type Actor } from '../access/index';
import { MAX_BATCH_CASES, type BatchCreateCasesView, type BatchItemResultView, type CreatedCaseView } from '../cases/index';
import { DomainError, isDomainError } from '../errors';
import type { Services } from '../services';
import { checkCaseBody, createCase, createCasesTogether, type CheckedCaseBody, type CreateCaseInput, type CreateCaseResult } from './create-case';

/** Consecutive items without an idempotencyKey are created this many to a transaction (createCasesTogether). */
export const CASES_PER_TRANSACTION = 100;

/** Domain codes an item can fail with while the batch goes on (the item's own fault); anything else stops the batch. */
const ITEM_ERRORS = new Set(['validation_failed', 'idempotency_key_reused', 'idempotency_key_in_use']);

export interface CreateCasesInput {
  /** The request body as received: `{cases: [...]}`. */
  body: unknown;
  /** As createCase's: what an item's Idempotency-Key stores and replays, so that batch and single creations share keys. */
  render: CreateCaseInput['render'];
}

/**
 * POST /v1/cases/batch. Checks the envelope (an object with `cases`: 1 to 500 items, nothing else; else
 * validation_failed for the whole batch), then creates the items in order (createCaseItems). An item's fault
 * (an invalid body, a reused or busy key) is answered `invalid` for that item; the others still run.
 * A fault of the service (a lost database connection) stops the batch: the items before it are committed,
 * and retrying the batch with per-item keys replays them.
 */
export async function createCases(svc: Services, actor: Actor, input: CreateCasesInput): Promise<BatchCreateCasesView> {
  authorize(actor, 'cases:create');
  const data = await createCaseItems(svc, actor, envelope(input.body), input.render);
  const counts = { created: 0, replayed: 0, duplicate_open_case: 0, invalid: 0 };
  for (const r of data) counts[r.status] += 1;
  return { data, counts };
}

function envelope(body: unknown): unknown[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw DomainError.validation([{ path: '', message: 'must be an object with `cases`' }]);
  const extra = Object.keys(body).filter((k) => k !== 'cases');
  if (extra.length > 0) throw DomainError.validation([{ path: `/${extra[0]}`, message: 'is not a field of a batch (only `cases`)' }]);
  const cases = (body as { cases?: unknown }).cases;
  if (!Array.isArray(cases)) throw DomainError.validation([{ path: '/cases', message: 'must be an array of case bodies' }]);
  if (cases.length === 0) throw DomainError.validation([{ path: '/cases', message: 'must hold at least 1 case' }]);
  if (cases.length > MAX_BATCH_CASES) throw DomainError.validation([{ path: '/cases', message: `must hold at most ${MAX_BATCH_CASES} cases (it holds ${cases.length})` }]);
  return cases;
}

/**
 * The items of a batch (or of a console import) created in order, answered one result each by index. An item
 * with its own `idempotencyKey` runs as createCase with that key, in its own transaction; consecutive items without
 * one run CASES_PER_TRANSACTION to a transaction (createCasesTogether: the same dedup layers, one commit). An
 * invalid item (its body refused) writes nothing and the others go on.
 */
export async function createCaseItems(svc: Services, actor: Actor, items: readonly unknown[], render: CreateCaseInput['render']): Promise<BatchItemResultView[]> {
  authorize(actor, 'cases:create');
  const data: BatchItemResultView[] = [];
  let run: { index: number; checked: CheckedCaseBody }[] = [];
  const flush = async () => {
    const results = await createCasesTogether(svc, actor, run.map((r) => r.checked), render);
    results.forEach((result, i) => data.push(resultOf(run[i]!.index, result)));
    run = [];
  };
  for (const [index, item] of items.entries()) {
    if (item && typeof item === 'object' && !Array.isArray(item) && !('idempotencyKey' in item)) {
      try {
        run.push({ index, checked: checkCaseBody(item) });
      } catch (err) {
        if (isDomainError(err) && ITEM_ERRORS.has(err.code)) data.push(invalidItem(index, err));
        else throw err;
      }
      if (run.length >= CASES_PER_TRANSACTION) await flush();
      continue;
    }
    await flush();
    data.push(await createOne(svc, actor, index, item, render));
  }
  await flush();
  return data.sort((a, b) => a.index - b.index);
}

const invalidItem = (index: number, err: DomainError): BatchItemResultView => ({ index, status: 'invalid', error: { error: err.code, message: err.message, ...prefixed(err.extra, index) } });

/** An item's result from its createCase answer. */
function resultOf(index: number, result: CreateCaseResult): BatchItemResultView {
  const answer = result.response.body as Record<string, unknown>;
  if (answer.error === 'duplicate_open_case') {
    return { index, status: 'duplicate_open_case', ...(result.replay ? { replay: result.replay } : {}), error: answer as { error: string; message: string } };
  }
  if (result.replay) return { index, status: 'replayed', replay: result.replay, case: answer as CreatedCaseView };
  return { index, status: 'created', case: answer as CreatedCaseView };
}

async function createOne(svc: Services, actor: Actor, index: number, item: unknown, render: CreateCaseInput['render']): Promise<BatchItemResultView> {
  const invalid = (err: DomainError) => invalidItem(index, err);
  let body = item;
  let key: string | null = null;
  if (item && typeof item === 'object' && !Array.isArray(item) && 'idempotencyKey' in item) {
    const { idempotencyKey, ...rest } = item as Record<string, unknown>;
    if (typeof idempotencyKey !== 'string') return invalid(DomainError.validation([{ path: '/idempotencyKey', message: 'must be a string' }]));
    key = idempotencyKey;
    body = rest;
  }
  try {
    return resultOf(index, await createCase(svc, actor, { body, idempotencyKey: key, render }));
  } catch (err) {
    if (isDomainError(err) && ITEM_ERRORS.has(err.code)) return invalid(err);
    throw err;
  }
}

/** Validation details name the item: `/cases/3/customerEmail`. */
function prefixed(extra: Record<string, unknown>, index: number): Record<string, unknown> {
  const details = extra.details as { path: string; message: string }[] | undefined;
  if (!details) return extra;
  return { ...extra, details: details.map((d) => ({ ...d, path: `/cases/${index}${d.path === 'Idempotency-Key' ? '/idempotencyKey' : d.path === '' || d.path.startsWith('/') ? d.path : `/${d.path}`}` })) };
}
