import type { EntityManager } from 'typeorm';
import { Tx, type Services } from '../services';

export { Tx };

const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
const MAX_TRIES = 4;

export interface TransactionOptions {
  /**
   * Default READ COMMITTED, which costs a SET TRANSACTION round trip per transaction. 'server default'
   * skips it: for a hot path whose statements only lock rows they find by primary key, where the
   * isolation level makes no difference.
   */
  isolation?: 'READ COMMITTED' | 'server default';
}

/**
 * Runs fn in a READ COMMITTED transaction, retrying on deadlock, then runs its afterCommit hooks.
 * fn must be safe to run again from scratch (it is, when all its effects are in the transaction).
 */
export async function inTransaction<T>(deps: Services, fn: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let tx: Tx | undefined;
    try {
      const body = async (manager: EntityManager) => {
        tx = new Tx(manager, deps);
        return fn(tx);
      };
      const result = options.isolation === 'server default' ? await deps.db.transaction(body) : await deps.db.transaction('READ COMMITTED', body);
      for (const hook of tx!.takeHooks()) {
        try {
          await hook();
        } catch (err) {
          deps.log.warn({ err }, 'after-commit hook failed; the periodic sweep will recover');
        }
      }
      return result;
    } catch (err) {
      const code = (err as { code?: string }).code ?? (err as { driverError?: { code?: string } }).driverError?.code;
      if (code && RETRYABLE.has(code) && attempt < MAX_TRIES) {
        await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
        continue;
      }
      throw err;
    }
  }
}
