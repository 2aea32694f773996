import type { Tx } from './services';

/**
 * How the decisioning pipeline runs a step exactly once. A step use case computes outside any transaction
 * (vendors are network calls), then opens its transaction and calls `claim(tx)` before writing: when it
 * answers false the step was already done (a duplicate job, or a sweep racing a slow worker) and the use
 * case writes nothing. After its writes and events, in the same transaction, it calls `done(tx)`, which
 * moves the pipeline on. Use cases run from the console take no guard. The pipeline makes the guards;
 * the features whose use cases are steps take one, so the contract sits here, below both.
 */
export interface StepGuard {
  claim(tx: Tx): Promise<boolean>;
  done(tx: Tx): Promise<void>;
}
