import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { listMembers, type MemberRole } from '../src/tenants/index';
import { acceptInvitation, changeMemberRole, inviteMember, reactivateMember, removeMember } from '../src/members/index';
import { actorOf, type GraphqlContext } from './context';
import { withRetryAfter } from './errors';
import { Member, memberOf, Role } from './types/member.type';

/** The organisation's members: listing (every role), invitations, role changes and removal (admins). */
@Resolver()
export class MembersResolver {
  @Query(() => [Member], { description: "The organisation's current members (removed ones left out), oldest first." })
  async members(@Ctx() ctx: GraphqlContext): Promise<Member[]> {
    return (await listMembers(ctx.svc, actorOf(ctx))).map(memberOf);
  }

  @Mutation(() => Member, {
    description: 'Admin: adds a member without a password and emails them a link to set one ({APP_URL}/console/accept-invitation?token=…, 7 days, once). '
      + 'CONFLICT when the email already belongs to a member.',
  })
  async inviteMember(
    @Arg('email') email: string,
    @Arg('name') name: string,
    @Arg('role', () => Role) role: MemberRole,
    @Ctx() ctx: GraphqlContext,
  ): Promise<Member> {
    return memberOf(await inviteMember(ctx.svc, actorOf(ctx), { email, name, role }));
  }

  @Mutation(() => Boolean, {
    description: 'Sets an invited member\'s first password with the token of their invitation link (once, within 7 days); then they sign in. '
      + 'BAD_USER_INPUT on `password` (12+ characters, not a breached password) or on `token` (invalid, expired or used). '
      + 'RATE_LIMITED with retryAfterSeconds past 20 failed uses of password links in 15 minutes from one address.',
  })
  async acceptInvitation(@Arg('token') token: string, @Arg('password') password: string, @Ctx() ctx: GraphqlContext): Promise<boolean> {
    return acceptInvitation(ctx.svc, { token, password, address: ctx.req.ip }).catch((err: unknown) => withRetryAfter(ctx, err));
  }

  @Mutation(() => Member, {
    description: "Admin: gives a member another role and ends all of that member's sessions at once. CONFLICT when it would leave no admin.",
  })
  async changeMemberRole(@Arg('memberId', () => ID) memberId: string, @Arg('role', () => Role) role: MemberRole, @Ctx() ctx: GraphqlContext): Promise<Member> {
    return memberOf(await changeMemberRole(ctx.svc, actorOf(ctx), { memberId, role }));
  }

  @Mutation(() => Boolean, {
    description: 'Admin: removes a member: ends their sessions, disconnects their connected apps (grants and refresh tokens) and clears their '
      + 'case ownerships (owner.changed, reason member_removed), in one transaction. CONFLICT for yourself or the last admin.',
  })
  async removeMember(@Arg('memberId', () => ID) memberId: string, @Ctx() ctx: GraphqlContext): Promise<boolean> {
    await removeMember(ctx.svc, actorOf(ctx), { memberId });
    return true;
  }

  @Mutation(() => Member, {
    description: 'Admin: lifts the suspension of a member suspended for inactivity; they can sign in again and inactivity counts from now. '
      + 'STEP_UP_REQUIRED unless a second factor was proved in the last 10 minutes. CONFLICT when not suspended. Audited.',
  })
  async reactivateMember(@Arg('userId', () => ID) userId: string, @Ctx() ctx: GraphqlContext): Promise<Member> {
    return memberOf(await reactivateMember(ctx.svc, actorOf(ctx), { memberId: userId }));
  }
}
