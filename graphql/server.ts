import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express, { Router } from 'express';
import { buildSchema } from 'type-graphql';
import type { Services } from '../src/platform/index';
import type { GraphqlContext } from './context';
import { formatGraphqlError } from './errors';
import { HealthResolver } from './health.resolver';

export interface GraphqlHandle {
  router: Router;
  stop(): Promise<void>;
}

/** The analysts' console API at /graphql (type-graphql on Apollo Server). */
export async function createGraphqlServer(svc: Services): Promise<GraphqlHandle> {
  const schema = await buildSchema({ resolvers: [HealthResolver], validate: false });
  const apollo = new ApolloServer<GraphqlContext>({
    schema,
    formatError: formatGraphqlError,
    includeStacktraceInErrorResponses: false,
    introspection: svc.config.nodeEnv !== 'production',
    // The entry points own SIGINT/SIGTERM and drain (stop() included). Apollo's own handlers (on by
    // default outside NODE_ENV=test) would stop it first and re-raise the signal: the drain then hangs.
    stopOnTerminationSignals: false,
  });
  await apollo.start();
  const router = Router();
  router.use('/graphql', express.json({ limit: '256kb' }), expressMiddleware(apollo, { context: async () => ({ svc }) }));
  return { router, stop: () => apollo.stop() };
}
