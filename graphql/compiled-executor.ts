import type { ApolloServerOptionsWithGateway } from '@apollo/server';
import { GraphQLError, GraphQLScalarType, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';
import { tracingOf, type Services } from '../src/platform/index';
import type { GraphqlContext } from './context';

type Gateway = ApolloServerOptionsWithGateway<GraphqlContext>['gateway'];
type SchemaListener = Parameters<Gateway['onSchemaLoadOrUpdate']>[0];
type Executor = NonNullable<Awaited<ReturnType<Gateway['load']>>['executor']>;

/**
 * How many compiled operations are kept (least recently used out first). The console sends a few dozen
 * distinct documents; one compiled again after eviction costs a few milliseconds once.
 */
export const COMPILED_OPERATIONS_KEPT = 500;

/**
 * graphql-jit's errors are its own objects (no `nodes`, and `extensions` undefined rather than {}, which
 * Apollo's error formatting reads): each becomes the graphql-js GraphQLError that `execute` would have
 * produced, with the same message, locations, path, original error and extensions.
 */
function asGraphqlJsError(error: GraphQLError): GraphQLError {
  const converted = new GraphQLError(error.message, {
    path: error.path, originalError: error.originalError ?? undefined, ...(error.extensions ? { extensions: error.extensions } : {}),
  });
  if (error.locations?.length) Object.defineProperty(converted, 'locations', { value: error.locations, enumerable: true, writable: true });
  return converted;
}

/** An instant as the service writes them: ISO 8601 UTC with milliseconds, each field in its range (the day up to 31). */
const CANONICAL_INSTANT = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;
/** Days of each month (index 1 to 12) in a common year. */
const MONTH_DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const digit = (s: string, i: number) => s.charCodeAt(i) - 48;

/** Whether `value` is an instant in the canonical form and a day its month has (February 29th in leap years only). */
function isCanonicalInstant(value: string): boolean {
  if (!CANONICAL_INSTANT.test(value)) return false;
  const day = digit(value, 8) * 10 + digit(value, 9);
  if (day <= 28) return true;
  const month = digit(value, 5) * 10 + digit(value, 6);
  if (month !== 2) return day <= MONTH_DAYS[month]!;
  const year = digit(value, 0) * 1000 + digit(value, 1) * 100 + digit(value, 2) * 10 + digit(value, 3);
  return day === 29 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/**
 * The DateTimeISO scalar's serialize with a shortcut for the strings the domain hands it, which are
 * already what it would answer (a real instant, in canonical form): those are returned as they are
 * instead of being validated, parsed into a Date and formatted back (a twentieth of a page of cases).
 * The check reads the characters only: a round trip through Date for the 29th to the 31st cost a console page
 * 38 µs on those days. Anything else goes to the scalar itself.
 */
export function instantSerializer(scalar: GraphQLScalarType): (value: unknown) => unknown {
  return (value) => (typeof value === 'string' && isCanonicalInstant(value) ? value : scalar.serialize(value));
}

function standardResult(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.length) return result;
  const errors = result.errors.map(asGraphqlJsError);
  // No data: the variables did not fit their types (nothing ran). Apollo answers those 400 BAD_USER_INPUT.
  if (result.data === undefined) {
    return { errors: errors.map((e) => new GraphQLError(e.message, { nodes: e.nodes, path: e.path, extensions: { ...e.extensions, code: 'BAD_USER_INPUT' } })) };
  }
  return { ...result, errors };
}

/**
 * The console's executor: operations compiled by graphql-jit into plain functions (no per-field
 * interpretation of the document), handed to Apollo Server through its gateway interface, the one way it
 * takes an executor of ours. Apollo still parses, validates (depth, no introspection in production) and
 * runs every plugin (complexity, mutation limits, metrics, error logging and formatting, CSRF) as before;
 * only `execute` is replaced. Compiled operations are kept in a bounded cache keyed by the document's hash
 * and the operation name. Each operation runs inside a span named as OpenTelemetry's GraphQL
 * instrumentation names its execute span (`query CasePage`), since graphql-js's `execute`, which that
 * instrumentation wraps, no longer runs.
 */
export function compiledExecutor(svc: Services, schema: GraphQLSchema): Gateway {
  const compiled = new LRUCache<string, CompiledQuery>({ max: COMPILED_OPERATIONS_KEPT });
  const instant = schema.getType('DateTimeISO');
  const customSerializers: Record<string, (value: unknown) => unknown> = instant instanceof GraphQLScalarType ? { DateTimeISO: instantSerializer(instant) } : {};
  const listeners = new Set<SchemaListener>();

  const executor: Executor = async (request) => {
    const operationName = request.request.operationName;
    const key = `${operationName ?? ''}:${request.queryHash}`;
    let query = compiled.get(key);
    if (!query) {
      const made = compileQuery(schema, request.document, operationName, { disablingCapturingStackErrors: true, customSerializers });
      // A document Apollo validated fails to compile only when no operation matches the name: no data.
      if (!isCompiledQuery(made)) return { errors: (made.errors ?? []).map(asGraphqlJsError) };
      compiled.set(key, made);
      query = made;
    }
    const type = request.operation?.operation ?? 'query';
    const name = request.operationName;
    const run = query;
    const result = await tracingOf(svc).span(
      name ? `${type} ${name}` : type,
      { attributes: { 'graphql.operation.type': type, ...(name ? { 'graphql.operation.name': name } : {}) } },
      async () => run.query(undefined, request.context, request.request.variables ?? {}),
    );
    return standardResult(result);
  };

  return {
    onSchemaLoadOrUpdate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async load() {
      for (const listener of listeners) listener({ apiSchema: schema, coreSupergraphSdl: '' });
      return { executor };
    },
    async stop() {
      listeners.clear();
      compiled.clear();
    },
  };
}
