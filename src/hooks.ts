import type { FeatureHook, HookHandler, Services, Tx } from './services';

/** Declares a hook of the calling feature (see FeatureHook in services.ts). */
export function defineHook<P>(name: string): FeatureHook<P> {
  return { name };
}

/** A handler that runs after the owner's change committed (runHook). */
export function onHook<P>(hook: FeatureHook<P>, name: string, run: (svc: Services, payload: P) => Promise<void>): HookHandler<P> {
  return { hook, name, run };
}

/** A handler that runs inside the owner's transaction (runHookInTx). */
export function onHookInTx<P>(hook: FeatureHook<P>, name: string, runInTx: (tx: Tx, payload: P) => Promise<void>): HookHandler<P> {
  return { hook, name, runInTx };
}

/**
 * Runs the handlers registered for `hook` (svc.hooks, built from the feature modules), one after another.
 * A failing handler is logged, never thrown: the change it reacts to has committed, and the reacting
 * feature's own sweep recovers what it missed.
 */
export async function runHook<P>(svc: Services, hook: FeatureHook<P>, payload: P): Promise<void> {
  for (const handler of svc.hooks) {
    if (handler.hook !== hook || !handler.run) continue;
    try {
      await handler.run(svc, payload);
    } catch (err) {
      svc.log.error({ err, hook: hook.name, handler: handler.name }, 'hook handler failed');
    }
  }
}

/**
 * Runs the in-transaction handlers registered for `hook` inside the owner's transaction, one after another,
 * in module order. A failing handler throws: the owner's change and every reaction roll back together.
 */
export async function runHookInTx<P>(tx: Tx, hook: FeatureHook<P>, payload: P): Promise<void> {
  for (const handler of tx.services.hooks) {
    if (handler.hook === hook && handler.runInTx) await handler.runInTx(tx, payload);
  }
}
