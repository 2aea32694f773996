import type { NonEmptyArray } from 'type-graphql';
import { CaseWorkResolver } from './case-work.resolver';
import { CasesResolver } from './cases.resolver';
import { HealthResolver } from './health.resolver';

/** Every resolver class of the console schema. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const RESOLVERS: NonEmptyArray<Function> = [
  HealthResolver,
  CasesResolver,
  CaseWorkResolver,
];
