import { printSchema, lexicographicSortSchema, GraphQLObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import type { GraphqlContext } from './context';
import { RESOLVERS } from './resolvers';
import { resolveCaseSla } from './sla.resolver';
import type { CaseRoot } from './types/case.type';

let built: Promise<GraphQLSchema> | null = null;

/**
 * Field resolvers of the lists' hot fields that the schema calls directly instead of through type-graphql's handler
 * (its per-call instance lookup and parameter mapping; see resolveCaseSla). The resolver classes still declare these
 * fields. Only sound while buildSchema below is given no global middlewares, auth checker or validation, and the
 * fields' own resolvers none (@UseMiddleware, @Authorized): those would be skipped here.
 */
const DIRECT_RESOLVERS: Record<string, Record<string, GraphQLFieldResolver<never, GraphqlContext>>> = {
  Case: { sla: (c: CaseRoot, _args, ctx) => resolveCaseSla(c, ctx) },
};

function answerDirectly(schema: GraphQLSchema): GraphQLSchema {
  for (const [typeName, fields] of Object.entries(DIRECT_RESOLVERS)) {
    const type = schema.getType(typeName);
    if (!(type instanceof GraphQLObjectType)) throw new Error(`schema: no object type ${typeName}`);
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const field = type.getFields()[fieldName];
      if (!field) throw new Error(`schema: no field ${typeName}.${fieldName}`);
      field.resolve = resolve as GraphQLFieldResolver<unknown, unknown>;
    }
  }
  return schema;
}

/** The console's schema, built once per process from the resolver classes. */
export function consoleSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({ resolvers: RESOLVERS, validate: false }).then(answerDirectly);
  return built;
}

/** The schema as SDL, sorted so that the committed `schema.graphql` changes only when the schema does. */
export async function consoleSchemaSdl(): Promise<string> {
  return `${printSchema(lexicographicSortSchema(await consoleSchema()))}\n`;
}
