import { ArgsType, Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { LimitSchema, MAX_CURSOR_LENGTH, pageSize, pageSizeForCost, type Page } from '../src/pagination/index';

@ObjectType({ simpleResolvers: true, description: 'Relay page information: whether more follows, and the cursor to pass as `after` for it.' })
export class PageInfo {
  @Field() hasNextPage!: boolean;
  @Field(() => String, { nullable: true }) endCursor!: string | null;
}

@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, description: LimitSchema.description })
  first?: number | null;

  @Field(() => String, { nullable: true, description: `The endCursor of the previous page, passed back verbatim with the same filters; at most ${MAX_CURSOR_LENGTH} characters.` })
  after?: string | null;
}

/** `first` and `after` as the domain's lists take them: `first` by the page-size rule of every door (pageSize), a bad one BAD_USER_INPUT on `first`. */
export function pageInput(args: PageArgs): { limit: number; cursor?: string } {
  return { limit: pageSize(args.first, 'first'), ...(args.after ? { cursor: args.after } : {}) };
}

export interface Connection<T> {
  edges: { readonly cursor: string; node: T }[];
  pageInfo: PageInfo;
}

/**
 * An edge whose cursor is signed when a client selects it (the getter runs only when the field is read):
 * the console's pages ask only for pageInfo.endCursor, and 50 signatures a page were a tenth of its time.
 */
class PageEdge<T> {
  constructor(
    readonly node: T,
    private readonly index: number,
    private readonly cursorAt: (index: number) => string,
  ) {}

  get cursor(): string {
    return this.cursorAt(this.index);
  }
}

/** A Relay connection type `<Name>Connection` with `<Name>Edge { cursor node }` over a node type. */
export function ConnectionOf<T extends object>(node: ClassType<T>, name: string): ClassType<Connection<T>> {
  @ObjectType(`${name}Edge`, { simpleResolvers: true })
  class Edge {
    @Field({ description: 'Pass as `after` to read the rows that follow this one.' }) cursor!: string;
    @Field(() => node) node!: T;
  }
  @ObjectType(`${name}Connection`, { simpleResolvers: true })
  class ConnectionType {
    @Field(() => [Edge]) edges!: Edge[];
    @Field(() => PageInfo) pageInfo!: PageInfo;
  }
  return ConnectionType;
}

/**
 * A domain page as a connection. Edge cursors come from the page (`toPage(..., {edgeCursors: true})`), each
 * signed only if the client selects it; endCursor is the last edge's (the page's nextCursor when more follows).
 */
export function toConnection<S, T>(page: Page<S>, map: (row: S) => T): Connection<T> {
  const cursorAt = page.cursorAt;
  if (!cursorAt) throw new Error('toConnection: the page was read without edge cursors');
  const last = page.data.length - 1;
  return {
    edges: page.data.map((row, i) => new PageEdge(map(row), i, cursorAt)),
    pageInfo: { hasNextPage: page.hasMore, endCursor: last < 0 ? null : cursorAt(last) },
  };
}

/** Complexity of a connection field: its page size times what each node asks for (graphql-query-complexity). */
export function connectionComplexity({ args, childComplexity }: { args: { first?: number | null }; childComplexity: number }): number {
  return 1 + pageSizeForCost(args.first) * Math.max(1, childComplexity);
}
