import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError, Kind, type ASTVisitor, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema, type SelectionSetNode, type ValidationContext,
} from 'graphql';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';
import { LRUCache } from 'lru-cache';
import { spendConsoleOutboundBudget } from '../src/access/index';
import { isDomainError } from '../src/platform/index';
import type { GraphqlContext } from './context';

/** Deepest selection a console query may nest (the case page with its decision's fields is 5). */
export const MAX_DEPTH = 10;
/** Most a query may cost: about 100 cases with a dozen nested fields each. */
export const MAX_COMPLEXITY = 3000;
/** Most root mutation fields (aliases included) one operation may carry: the console sends one at a time. */
export const MAX_ROOT_MUTATIONS = 10;
/** The mutations anyone may call without a session (each hashes a password or sends mail): at most one per operation. */
export const UNAUTHENTICATED_MUTATIONS: readonly string[] = ['signIn', 'requestPasswordReset', 'resetPassword', 'acceptInvitation'];
/** The mutations that reach outside services: each counts against the member's CONSOLE_OUTBOUND_RATE_LIMIT_PER_MINUTE. */
export const OUTBOUND_MUTATIONS: readonly string[] = ['pingWebhookUrl', 'testWebhookEndpoint', 'runAiReview', 'runMonitoring', 'resendVerification'];

/** A validation rule refusing operations nested deeper than `max` fields (fragments followed, cycles cut). */
export function depthLimit(max: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    const depthOf = (set: SelectionSetNode | undefined, seen: Set<string>): number => {
      if (!set) return 0;
      let deepest = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) deepest = Math.max(deepest, sel.name.value.startsWith('__') ? 0 : 1 + depthOf(sel.selectionSet, seen));
        else if (sel.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, depthOf(sel.selectionSet, seen));
        else if (!seen.has(sel.name.value)) deepest = Math.max(deepest, depthOf(fragments.get(sel.name.value)?.selectionSet, new Set([...seen, sel.name.value])));
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, new Set());
        if (depth > max) context.reportError(new GraphQLError(`The query is nested ${depth} levels deep; at most ${max} are allowed.`, { nodes: [node] }));
      },
    };
  };
}

/** Costs kept (least recently used out first): a cost depends only on the document, the operation and the variables. */
const COSTS_KEPT = 1000;
/** Variables longer than this as JSON are not worth a cache entry (the cost is computed each time). */
const MAX_CACHED_VARIABLES_JSON = 1024;

/**
 * Refuses an operation whose estimated cost (a field costs 1; a connection costs its page size times
 * its node's selection, see connectionComplexity) is above `max`, before anything is resolved. The cost of
 * a document, operation and variables seen before is remembered (walking the document again for every
 * request of the console's list was a twentieth of the server's time on it).
 */
export function complexityLimit(schema: GraphQLSchema, max: number): ApolloServerPlugin {
  const costs = new LRUCache<string, number>({ max: COSTS_KEPT });
  const costOf = (document: DocumentNode, operationName: string | undefined, variables: Record<string, unknown>): number => {
    try {
      return getComplexity({
        schema, query: document, operationName, variables,
        estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
      });
    } catch (err) {
      // Variables that do not fit their types: the answer Apollo gives them itself (not a 500).
      if (!(err instanceof GraphQLError)) throw err;
      throw new GraphQLError(err.message, { nodes: err.nodes, extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
    }
  };
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, queryHash }) {
          const variables = request.variables ?? {};
          const json = JSON.stringify(variables);
          const key = json.length <= MAX_CACHED_VARIABLES_JSON ? `${request.operationName ?? ''}:${queryHash}:${json}` : null;
          let cost = key === null ? undefined : costs.get(key);
          if (cost === undefined) {
            cost = costOf(document, request.operationName, variables);
            if (key !== null) costs.set(key, cost);
          }
          if (cost > max) {
            throw new GraphQLError(`The query would cost ${cost}; at most ${max} is allowed. Ask for fewer rows (first) or fewer fields.`, {
              extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 }, cost, maxCost: max },
            });
          }
        },
      };
    },
  };
}

/**
 * The root fields of a selection set, one entry per field as written (aliases count apart), fragments
 * followed (each spread once per path; cycles cut). `@skip`/`@include` are not evaluated: a field counts
 * wherever it is written.
 */
function rootFieldsOf(set: SelectionSetNode, document: DocumentNode, seen: Set<string> = new Set()): string[] {
  const names: string[] = [];
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      if (!sel.name.value.startsWith('__')) names.push(sel.name.value);
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      names.push(...rootFieldsOf(sel.selectionSet, document, seen));
    } else if (!seen.has(sel.name.value)) {
      const fragment = document.definitions.find((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === sel.name.value);
      if (fragment) names.push(...rootFieldsOf(fragment.selectionSet, document, new Set([...seen, sel.name.value])));
    }
  }
  return names;
}

const tooMany = (message: string) => new GraphQLError(message, { extensions: { code: 'TOO_MANY_OPERATIONS', http: { status: 400 } } });

/**
 * Limits on what one mutation operation may do, checked before any field runs (the operation is refused
 * whole):
 * - at most MAX_ROOT_MUTATIONS root fields, and at most one of UNAUTHENTICATED_MUTATIONS (one request
 *   with thousands of aliases of resetPassword would otherwise hash thousands of passwords):
 *   `TOO_MANY_OPERATIONS`, HTTP 400, as the complexity limit's refusals;
 * - the OUTBOUND_MUTATIONS of a signed-in member spend their budget per minute
 *   (spendConsoleOutboundBudget): past it `RATE_LIMITED` with retryAfterSeconds, HTTP 429 with Retry-After.
 */
export function mutationLimits(): ApolloServerPlugin<GraphqlContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, contextValue }) {
          if (operation?.operation !== 'mutation') return;
          const fields = rootFieldsOf(operation.selectionSet, document);
          if (fields.length > MAX_ROOT_MUTATIONS) {
            throw tooMany(`The operation has ${fields.length} mutation fields; at most ${MAX_ROOT_MUTATIONS} are allowed in one request.`);
          }
          const anonymous = fields.filter((f) => UNAUTHENTICATED_MUTATIONS.includes(f)).length;
          if (anonymous > 1) {
            throw tooMany(`The operation has ${anonymous} of signIn, requestPasswordReset, resetPassword and acceptInvitation; at most one is allowed in one request.`);
          }
          const outbound = fields.filter((f) => OUTBOUND_MUTATIONS.includes(f)).length;
          // Without a session each of them is UNAUTHENTICATED when it runs.
          if (outbound === 0 || !contextValue.signedIn) return;
          try {
            await spendConsoleOutboundBudget(contextValue.svc, contextValue.signedIn.actor, outbound);
          } catch (err) {
            if (!isDomainError(err) || err.code !== 'rate_limited') throw err;
            const headers = new HeaderMap([['retry-after', String(err.extra.retryAfterSeconds)]]);
            throw new GraphQLError(err.message, { originalError: err, extensions: { http: { status: 429, headers } } });
          }
        },
      };
    },
  };
}
