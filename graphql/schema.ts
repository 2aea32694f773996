import { printSchema, lexicographicSortSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { RESOLVERS } from './resolvers';

let built: Promise<GraphQLSchema> | null = null;

/** The console's schema, built once per process from the resolver classes. */
export function consoleSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({ resolvers: RESOLVERS, validate: false });
  return built;
}

/** The schema as SDL, sorted so that the committed `schema.graphql` changes only when the schema does. */
export async function consoleSchemaSdl(): Promise<string> {
  return `${printSchema(lexicographicSortSchema(await consoleSchema()))}\n`;
}
