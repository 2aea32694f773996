import type { EntityManager } from 'typeorm';
import { DomainError } from '../errors';
import { Tx, type Services } from '../services';

export { Tx };

const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
const MAX_TRIES = 4;

/**
 * Errors of the connection itself rather than of a statement: the server closed or killed it, the
 * network dropped it, or no connection could be had. mysql2 marks them `fatal`; the codes cover the
 * connection attempts too.
 */
const CONNECTION_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST', 'PROTOCOL_SEQUENCE_TIMEOUT', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH',
  'ER_CONNECTION_KILLED', 'ER_SERVER_SHUTDOWN', 'ER_CLIENT_INTERACTION_TIMEOUT', 'ER_CON_COUNT_ERROR',
]);

/** The wait before try `attempt + 1` after a lost connection: growing with the attempt, jittered (ms). */
export function afterConnectionLoss(attempt: number): Promise<void> {
  return new Promise((r) => setTimeout(r, attempt * (10 + Math.random() * 40)));
}

/** Whether err means the MySQL connection was lost or could not be had (a transient fault, not a bug). */
export function isConnectionLost(err: unknown): boolean {
  for (const e of [err, (err as { driverError?: unknown } | null)?.driverError]) {
    if (!e || typeof e !== 'object') continue;
    const { code, fatal } = e as { code?: unknown; fatal?: unknown };
    if (fatal === true || (typeof code === 'string' && CONNECTION_CODES.has(code))) return true;
  }
  return false;
}

/** Seconds a caller should wait before retrying after service_unavailable (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 1;

/** The domain's answer to a lost database connection that could not be retried. */
export function serviceUnavailable(): DomainError {
  return new DomainError(
    'service_unavailable',
    'The service lost its database connection. Retry the request after Retry-After seconds; with the same Idempotency-Key a retry is safe.',
  );
}

/** A lost-connection error as service_unavailable; anything else unchanged (for adapters' error handlers). */
export function asServiceUnavailable(err: unknown): unknown {
  return isConnectionLost(err) ? serviceUnavailable() : err;
}

const codeOf = (err: unknown) => (err as { code?: string }).code ?? (err as { driverError?: { code?: string } }).driverError?.code;

/**
 * The pool's connections whose session level is READ COMMITTED (set once, by their first READ COMMITTED
 * transaction): a transaction on one of them starts without TypeORM's SET TRANSACTION, a round trip of every
 * transaction otherwise. mysql2 hands out the same connection object for the life of the connection.
 */
const readCommittedSessions = new WeakSet<object>();

/** One READ COMMITTED transaction on a connection of the pool: body's manager, COMMIT when it returns, ROLLBACK when it throws. */
async function readCommitted<T>(deps: Services, body: (manager: EntityManager) => Promise<T>): Promise<T> {
  const runner = deps.db.createQueryRunner();
  try {
    const connection = (await runner.connect()) as object;
    if (!readCommittedSessions.has(connection)) {
      await runner.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED');
      readCommittedSessions.add(connection);
    }
    await runner.startTransaction();
    try {
      const result = await body(runner.manager);
      await runner.commitTransaction();
      return result;
    } catch (err) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw err;
    }
  } finally {
    await runner.release();
  }
}

/**
 * Runs fn in a READ COMMITTED transaction, then runs its afterCommit hooks. fn must be safe to run
 * again from scratch (it is, when all its effects are in the transaction): it is run again on a
 * deadlock, and when the connection is lost before COMMIT (the server rolled the transaction back), up
 * to MAX_TRIES in all, after a short jittered wait. A connection lost during COMMIT leaves the outcome
 * unknown, so fn is not run again; that, and a connection lost on every try, is a DomainError
 * `service_unavailable` (HTTP 503 with Retry-After), never an internal error.
 */
export async function inTransaction<T>(deps: Services, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let tx: Tx | undefined;
    let committing = false;
    try {
      const body = async (manager: EntityManager) => {
        tx = new Tx(manager, deps);
        const value = await fn(tx);
        // The transaction helper commits as soon as the body returns: an error from here on is COMMIT's.
        committing = true;
        return value;
      };
      const result = await readCommitted(deps, body);
      for (const hook of tx!.takeHooks()) {
        try {
          await hook();
        } catch (err) {
          deps.log.warn({ err }, 'after-commit hook failed; the periodic sweep will recover');
        }
      }
      return result;
    } catch (err) {
      if (isConnectionLost(err)) {
        if (!committing && attempt < MAX_TRIES) {
          await afterConnectionLoss(attempt);
          continue;
        }
        // The code only: a driver error carries the statement's parameters.
        deps.log.warn({ code: codeOf(err), tries: attempt, duringCommit: committing },
          committing ? 'database connection lost during COMMIT; the outcome is unknown' : 'database connection lost on every try');
        throw serviceUnavailable();
      }
      const code = codeOf(err);
      if (code && RETRYABLE.has(code) && attempt < MAX_TRIES) {
        await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
        continue;
      }
      throw err;
    }
  }
}
