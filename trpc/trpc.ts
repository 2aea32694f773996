import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { Request, Response } from 'express';
import type { CustomerActor } from '../src/access/index';
import { asServiceUnavailable } from '../src/db/index';
import { assertSchema, DomainError, isDomainError, type DomainErrorCode, type Services, type Static, type TSchema } from '../src/platform/index';

/** Per-request context of the portal's procedures: the services, the HTTP exchange, and the customer of the portal cookie. */
export interface PortalContext {
  svc: Services;
  req: Request;
  res: Response;
  /** The customer the portal session cookie signs in (bound to one case), or null. */
  customer: CustomerActor | null;
}

/** The tRPC code of every domain error code (exhaustive by type, like rest/errors.ts's statuses). */
export const TRPC_CODE_BY_DOMAIN_CODE: Record<DomainErrorCode, TRPC_ERROR_CODE_KEY> = {
  not_found: 'NOT_FOUND',
  validation_failed: 'BAD_REQUEST',
  unauthenticated: 'UNAUTHORIZED',
  invalid_token: 'UNAUTHORIZED',
  insufficient_scope: 'FORBIDDEN',
  forbidden: 'FORBIDDEN',
  conflict: 'CONFLICT',
  duplicate_open_case: 'CONFLICT',
  invalid_transition: 'CONFLICT',
  decision_blocked: 'CONFLICT',
  idempotency_key_in_use: 'CONFLICT',
  idempotency_key_reused: 'CONFLICT',
  rate_limited: 'TOO_MANY_REQUESTS',
  payload_too_large: 'PAYLOAD_TOO_LARGE',
  unsafe_webhook_url: 'BAD_REQUEST',
  mfa_required: 'UNAUTHORIZED',
  mfa_enrolment_required: 'FORBIDDEN',
  step_up_required: 'FORBIDDEN',
  sso_required: 'FORBIDDEN',
  service_unavailable: 'SERVICE_UNAVAILABLE',
};

const t = initTRPC.context<PortalContext>().create({
  /**
   * One error shape for the portal: `data.code` the tRPC code, `data.reason` the domain code with its public
   * extras (`details` with field paths for a validation error, `retryAfterSeconds` ...), never a stack.
   * Anything that is not a DomainError (or tRPC's own input errors) says only "An internal error occurred."
   */
  errorFormatter({ shape, error }) {
    const cause = asServiceUnavailable(error.cause ?? error);
    if (isDomainError(cause)) {
      return { message: cause.message, code: shape.code, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, reason: cause.code, ...cause.extra } };
    }
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      return { message: 'An internal error occurred.', code: shape.code, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path } };
    }
    return { message: shape.message, code: shape.code, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path } };
  },
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;

/** Domain errors thrown by a procedure become TRPCErrors with the table's code (the formatter keeps the domain's message). */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = asServiceUnavailable(result.error.cause);
    if (isDomainError(cause)) result.error = new TRPCError({ code: TRPC_CODE_BY_DOMAIN_CODE[cause.code], message: cause.message, cause });
  }
  return result;
});

/** Procedures anyone may call (the public intake, asking for a new link). */
export const publicProcedure = t.procedure.use(domainErrors);

/** Procedures of a signed-in customer: `ctx.customer` is their actor, bound to their case. */
export const customerProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.customer) throw new DomainError('unauthenticated', 'Your session has ended. Open your invitation link again, or ask for a new one.');
  return next({ ctx: { ...ctx, customer: ctx.customer } });
});

/** Input validated by a TypeBox schema (the project's one source of wire shapes): BAD_REQUEST with field paths otherwise. */
export function typebox<S extends TSchema>(schema: S): (input: unknown) => Static<S> {
  return (input: unknown) => assertSchema(schema, input);
}
