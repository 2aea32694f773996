import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import {
  dryRunScreeningSettings, getScreeningSettings, listClearedHits, revokeClearedHit, updateScreeningSettings,
} from '../src/screening/index';
import { connectionComplexity, PageArgs, type Connection } from './connection';
import { actorOf, type GraphqlContext } from './context';
import {
  ClearedHit, ClearedHitConnection, clearedHitOf, dryRunOf, ScreeningSettings, ScreeningSettingsDryRunResult, ScreeningSettingsInput, screeningSettingsOf,
} from './types/screening-settings.type';

const settingsOfInput = (i: ScreeningSettingsInput) => ({
  matchThreshold: i.matchThreshold, topics: i.topics, datasets: i.datasets, birthDateTolerance: i.birthDateTolerance, weakAliases: i.weakAliases,
});

/**
 * The organisation's screening settings (any member reads and dry-runs them; compliance_admin edits them,
 * each edit a new version, audited) and its cleared hits (any member lists them; an MLRO or above revokes
 * one, audited).
 */
@Resolver()
export class ScreeningSettingsResolver {
  @Query(() => ScreeningSettings, { description: "The organisation's active screening settings (the default, stored as version 1, until they are edited)." })
  async screeningSettings(@Ctx() ctx: GraphqlContext): Promise<ScreeningSettings> {
    return screeningSettingsOf(await getScreeningSettings(ctx.svc, actorOf(ctx)));
  }

  @Mutation(() => ScreeningSettings, { description: 'Stores a new version of the screening settings (compliance_admin); BAD_USER_INPUT lists every problem with its path. Audited.' })
  async updateScreeningSettings(
    @Ctx() ctx: GraphqlContext, @Arg('input', () => ScreeningSettingsInput) input: ScreeningSettingsInput,
  ): Promise<ScreeningSettings> {
    return screeningSettingsOf(await updateScreeningSettings(ctx.svc, actorOf(ctx), settingsOfInput(input)));
  }

  @Mutation(() => ScreeningSettingsDryRunResult, {
    description: "How a draft of the settings would change the open cases' hits (the newest 200 open cases, screened now under the active settings and the draft); saves nothing.",
  })
  async dryRunScreeningSettings(
    @Ctx() ctx: GraphqlContext, @Arg('input', () => ScreeningSettingsInput) input: ScreeningSettingsInput,
  ): Promise<ScreeningSettingsDryRunResult> {
    return dryRunOf(await dryRunScreeningSettings(ctx.svc, actorOf(ctx), settingsOfInput(input)));
  }

  @Query(() => ClearedHitConnection, { complexity: connectionComplexity, description: "The organisation's cleared hits (still in force), newest first." })
  async clearedHits(@Ctx() ctx: GraphqlContext, @Args() page: PageArgs): Promise<Connection<ClearedHit>> {
    const { clearedHits, hasMore } = await listClearedHits(ctx.svc, actorOf(ctx), { first: page.first, after: page.after });
    const edges = clearedHits.map((c) => ({ cursor: c.id, node: clearedHitOf(c) }));
    return { edges, pageInfo: { hasNextPage: hasMore, endCursor: edges.at(-1)?.cursor ?? null } };
  }

  @Mutation(() => ClearedHit, { description: 'Revokes a cleared hit (mlro or above): the next screening of that subject raises the entity again. Audited.' })
  async revokeClearedHit(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<ClearedHit> {
    return clearedHitOf(await revokeClearedHit(ctx.svc, actorOf(ctx), id));
  }
}
