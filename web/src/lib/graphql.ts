// The browser's GraphQL client: JSON POSTs to /graphql with the console cookie (HttpOnly: the browser
// sends it; this code never sees it). Operations are the typed documents of src/gql (codegen).
import type { TypedDocumentString } from '../gql/graphql';

/** One GraphQL error as the console API formats it (graphql/errors.ts). */
export interface GraphqlWireError {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; reason?: string; details?: { path: string; message: string }[]; [k: string]: unknown };
}

/** Why an operation failed, in words: the server's message and code, or what went wrong on the way. */
export class RequestError extends Error {
  constructor(
    message: string,
    /** extensions.code (UNAUTHENTICATED, FORBIDDEN, BAD_USER_INPUT ...), NETWORK or BAD_RESPONSE. */
    readonly code: string,
    /** The domain code (extensions.reason) and field details of a validation error, when the server gave them. */
    readonly reason?: string,
    readonly details: { path: string; message: string }[] = [],
    /** The error's other public extensions (MFA_REQUIRED's `methods` ...). */
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'RequestError';
  }

  get unauthenticated(): boolean {
    return this.code === 'UNAUTHENTICATED' || this.code === 'UNAUTHORIZED';
  }
}

/**
 * Who asks a member to confirm it is them when an operation answers STEP_UP_REQUIRED (the console's step-up
 * dialog registers itself): resolves true once a second factor was proved, false when the member cancelled.
 */
let stepUpHandler: ((message: string) => Promise<boolean>) | null = null;
export function setStepUpHandler(handler: ((message: string) => Promise<boolean>) | null): void {
  stepUpHandler = handler;
}

export const NETWORK_MESSAGE = 'The service could not be reached. Check your connection and try again.';

/** Runs one operation; resolves with its data or rejects with a RequestError (the first error's words). */
export async function execute<R, V>(document: TypedDocumentString<R, V>, ...[variables]: V extends Record<string, never> ? [] | [V] : [V]): Promise<R> {
  try {
    return await executeOnce(document, variables);
  } catch (e) {
    // A sensitive change asks for the second factor in place, then runs again (once).
    if (e instanceof RequestError && e.code === 'STEP_UP_REQUIRED' && stepUpHandler && (await stepUpHandler(e.message))) {
      return executeOnce(document, variables);
    }
    throw e;
  }
}

async function executeOnce<R, V>(document: TypedDocumentString<R, V>, variables: V | undefined): Promise<R> {
  let res: Response;
  try {
    res = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }),
    });
  } catch {
    throw new RequestError(NETWORK_MESSAGE, 'NETWORK');
  }
  let body: { data?: R | null; errors?: GraphqlWireError[] };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    throw new RequestError(`The service answered unexpectedly (HTTP ${res.status}). Try again in a moment.`, 'BAD_RESPONSE');
  }
  const first = body.errors?.[0];
  if (first) {
    const ext = first.extensions ?? {};
    throw new RequestError(first.message, ext.code ?? 'INTERNAL_SERVER_ERROR', ext.reason, ext.details ?? [], ext);
  }
  if (!res.ok || body.data == null) throw new RequestError(`The service answered unexpectedly (HTTP ${res.status}). Try again in a moment.`, 'BAD_RESPONSE');
  return body.data;
}
