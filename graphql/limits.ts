import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type GraphQLSchema, type SelectionSetNode, type ValidationContext } from 'graphql';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';

/** Deepest selection a console query may nest (the case page with its decision's fields is 5). */
export const MAX_DEPTH = 10;
/** Most a query may cost: about 100 cases with a dozen nested fields each. */
export const MAX_COMPLEXITY = 3000;

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

/**
 * Refuses an operation whose estimated cost (a field costs 1; a connection costs its page size times
 * its node's selection, see connectionComplexity) is above `max`, before anything is resolved.
 */
export function complexityLimit(schema: GraphQLSchema, max: number): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          const cost = getComplexity({
            schema, query: document, operationName: request.operationName, variables: request.variables ?? {},
            estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
          });
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
