import { Arg, Args, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { listNotifications, markNotificationsRead, MARK_READ_MAX_IDS, unreadNotificationCount } from '../src/notifications/index';
import { connectionComplexity, PageArgs, pageInput, toConnection, type Connection } from './connection';
import { actorOf, type GraphqlContext } from './context';
import { Notification, NotificationConnection, notificationOf } from './types/case-note.type';

/** The signed-in member's notifications (today: mentions in case notes), their unread count and marking them read. */
@Resolver()
export class NotificationsResolver {
  @Query(() => NotificationConnection, { complexity: connectionComplexity, description: "The signed-in member's notifications, newest first; unreadOnly leaves out those marked read." })
  async notifications(
    @Ctx() ctx: GraphqlContext, @Args() page: PageArgs, @Arg('unreadOnly', () => Boolean, { nullable: true }) unreadOnly?: boolean | null,
  ): Promise<Connection<Notification>> {
    return toConnection(await listNotifications(ctx.svc, actorOf(ctx), { ...pageInput(page), unreadOnly: unreadOnly === true }), notificationOf);
  }

  @Query(() => Int, { description: "How many of the signed-in member's notifications are unread (the header's badge)." })
  unreadNotificationCount(@Ctx() ctx: GraphqlContext): Promise<number> {
    return unreadNotificationCount(ctx.svc, actorOf(ctx));
  }

  @Mutation(() => Int, {
    description: `Marks the signed-in member's notifications read: those of ids (at most ${MARK_READ_MAX_IDS}), or every one with all: true (one of the two). `
      + "Ids that are not the member's change nothing. Returns the unread count after.",
  })
  markNotificationsRead(
    @Ctx() ctx: GraphqlContext,
    @Arg('ids', () => [ID], { nullable: true }) ids?: string[] | null,
    @Arg('all', () => Boolean, { nullable: true }) all?: boolean | null,
  ): Promise<number> {
    const numeric = ids ? ids.map((id) => (/^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : -1)) : null;
    return markNotificationsRead(ctx.svc, actorOf(ctx), { ids: numeric, all: all ?? null });
  }
}
