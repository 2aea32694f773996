import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { unwrapResolverError } from '@apollo/server/errors';
import { expressMiddleware } from '@as-integrations/express5';
import express, { Router } from 'express';
import { asServiceUnavailable } from '../src/db/index';
import { isDomainError, metricsOf, type Services } from '../src/platform/index';
import { MAX_IMPORT_CHARS } from '../src/onboarding/index';
import { findConsoleActor } from '../src/sessions/index';
import { compiledExecutor } from './compiled-executor';
import type { GraphqlContext } from './context';
import { graphqlErrorFormatter } from './errors';
import { complexityLimit, depthLimit, MAX_COMPLEXITY, MAX_DEPTH, mutationLimits } from './limits';
import { consoleSchema } from './schema';
import { consoleToken } from './session-cookie';

export interface GraphqlHandle {
  router: Router;
  stop(): Promise<void>;
}

/**
 * The analysts' console API at /graphql (type-graphql on Apollo Server). The member is the one the
 * console session cookie signs in; Apollo's CSRF prevention refuses the "simple" requests a foreign
 * page could make (form posts, GETs without a preflighted header), and mutations are refused over GET.
 * Introspection and the landing page are off in production, and so are graphql-js's "Did you mean …?"
 * hints in error messages. Limits (graphql/limits.ts): depth, complexity, and what one mutation operation may do.
 */
// Operation names are the client's words: the first 200 distinct ones are labels, any after that `other`.
const seenOperations = new Set<string>();
function operationLabel(name: string | null | undefined): string {
  if (!name) return 'anonymous';
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) return 'other';
  if (seenOperations.has(name)) return name;
  if (seenOperations.size >= 200) return 'other';
  seenOperations.add(name);
  return name;
}

export async function createGraphqlServer(svc: Services): Promise<GraphqlHandle> {
  const schema = await consoleSchema();
  const production = svc.config.nodeEnv === 'production';
  const apollo = new ApolloServer<GraphqlContext>({
    // The schema and a compiled executor (graphql-jit) through Apollo's gateway interface: see compiled-executor.ts.
    gateway: compiledExecutor(svc, schema),
    formatError: graphqlErrorFormatter({ production }),
    includeStacktraceInErrorResponses: false,
    introspection: !production,
    csrfPrevention: true,
    validationRules: [depthLimit(MAX_DEPTH)],
    plugins: [
      complexityLimit(schema, MAX_COMPLEXITY),
      mutationLimits(),
      // The console sets no cache hints; Apollo's default cache-control plugin wraps every field resolver
      // to compute them anyway (a fifth of the server's time on a page of 50 cases, profiled).
      ApolloServerPluginCacheControlDisabled(),
      ...(production ? [ApolloServerPluginLandingPageDisabled()] : []),
      {
        // Unexpected failures are logged with the request id (the wire says only INTERNAL_SERVER_ERROR).
        async requestDidStart() {
          const started = performance.now();
          return {
            // svc_graphql_operation_duration_seconds by operation name (bounded: see operationLabel).
            async willSendResponse({ operationName, errors }) {
              metricsOf(svc).observe('svc_graphql_operation_duration_seconds', (performance.now() - started) / 1000, {
                operation: operationLabel(operationName), errors: errors?.length ? 'yes' : 'no',
              });
            },
            async didEncounterErrors({ errors, contextValue }) {
              for (const e of errors) {
                const original = asServiceUnavailable(unwrapResolverError(e));
                if (!e.path || isDomainError(original)) continue;
                contextValue.req.log.error({ err: original, path: e.path }, 'graphql resolver failed');
              }
            },
          };
        },
      },
    ],
    // The entry points own SIGINT/SIGTERM and drain (stop() included). Apollo's own handlers (on by
    // default outside NODE_ENV=test) would stop it first and re-raise the signal: the drain then hangs.
    stopOnTerminationSignals: false,
    // Compact JSON (Apollo's default indents by two spaces: a third more bytes and time for a page of cases).
    stringifyResult: (result) => JSON.stringify(result),
  });
  await apollo.start();
  const router = Router();
  const json = express.json({ limit: '256kb' });
  const importJson = express.json({ limit: MAX_IMPORT_CHARS * 1.5 });
  router.use(
    '/graphql',
    // 256 KiB, but for a signed-in console (its session cookie), whose CSV import sends a file of up to 3 MiB as text.
    (req, res, next) => (consoleToken(req) ? importJson : json)(req, res, next),
    expressMiddleware(apollo, {
      context: async ({ req, res }) => {
        const found = await findConsoleActor(svc, consoleToken(req), { address: req.ip });
        const refused = found && 'refused' in found ? found.refused : null;
        return { svc, req, res, signedIn: found && !refused ? found as Exclude<typeof found, { refused: unknown }> : null, refused, loaders: new Map() };
      },
    }),
  );
  return { router, stop: () => apollo.stop() };
}
