import { Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import { checkReadiness } from '../src/platform/index';
import type { GraphqlContext } from './context';

@ObjectType({ description: 'Whether the service and both of its databases answer.' })
class Health {
  @Field() ready!: boolean;
  @Field({ description: 'ok or unavailable' }) mysql!: string;
  @Field({ description: 'ok or unavailable' }) queue!: string;
}

@Resolver()
export class HealthResolver {
  @Query(() => Health)
  async health(@Ctx() ctx: GraphqlContext): Promise<Health> {
    const r = await checkReadiness(ctx.svc);
    return { ready: r.ready, mysql: r.checks.mysql, queue: r.checks.queue };
  }
}
