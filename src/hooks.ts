import type { FeatureHook, HookHandler, Services } from './services';

/** Declares a hook of the calling feature (see FeatureHook in services.ts). */
export function defineHook<P>(name: string): FeatureHook<P> {
  return { name };
}

export function onHook<P>(hook: FeatureHook<P>, name: string, run: (svc: Services, payload: P) => Promise<void>): HookHandler<P> {
  return { hook, name, run };
}

/**
 * Runs the handlers registered for `hook` (svc.hooks, built from the feature modules), one after another.
 * A failing handler is logged, never thrown: the change it reacts to has committed, and the reacting
 * feature's own sweep recovers what it missed.
 */
export async function runHook<P>(svc: Services, hook: FeatureHook<P>, payload: P): Promise<void> {
  for (const handler of svc.hooks) {
    if (handler.hook !== hook) continue;
    try {
      await handler.run(svc, payload);
    } catch (err) {
      svc.log.error({ err, hook: hook.name, handler: handler.name }, 'hook handler failed');
    }
  }
}
