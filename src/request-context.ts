import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the work in progress belongs to: the HTTP request's id (set by the adapters for each request).
 * The logger's mixin adds it to every line written meanwhile, by any code, so that a user's support
 * ticket (the X-Request-Id of a response, `requestId` of an error body) leads to every log line of it.
 */
export interface RequestContext {
  requestId: string;
  /** The request's trace id, when it is traced (OpenTelemetry on): log lines carry it as `traceId`. */
  traceId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs fn (and everything it starts) as part of this request. */
export function runInRequest<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The request id of the work in progress, if it is a request's. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The request context of the work in progress, if it is a request's. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
