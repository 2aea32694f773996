// The HTTP application with every adapter mounted (start.ts, the demo and the tests): kept apart from
// compose.ts so that the operator CLI, which runs use cases only, loads none of the adapters.
import type { Express } from 'express';
import type { Services } from '../src/platform/index';
import { createApp } from '../rest/app';
import { webRoutes } from '../rest/web.routes';
import { createGraphqlServer } from '../graphql/server';
import { createTrpcRouter } from '../trpc/server';
import { mcpRoutes } from '../mcp/index';

export interface HttpApp {
  app: Express;
  /** Stops adapters that hold resources of their own (Apollo). */
  stop(): Promise<void>;
}

/** The HTTP application with every adapter mounted. */
export async function buildHttpApp(svc: Services): Promise<HttpApp> {
  const graphql = await createGraphqlServer(svc);
  const app = createApp(svc, (a) => {
    a.use(createTrpcRouter(svc));
    a.use(mcpRoutes(svc)); // the MCP server for AI assistants at /mcp
    a.use(webRoutes());
  }, (a) => a.use(graphql.router));
  return { app, stop: () => graphql.stop() };
}
