import type { Services } from '../src/platform/index';

/** Per-request GraphQL context. The console's member session joins it with the console issue. */
export interface GraphqlContext {
  svc: Services;
}
