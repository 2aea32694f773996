import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { setPersonEmail } from '../src/cases/index';
import { listCaseVerificationViews, resendVerification } from '../src/idv/index';
import { actorOf, type GraphqlContext } from './context';
import { CaseNode, type CaseRoot } from './types/case.type';
import { IdentityVerification, identityVerificationOf } from './types/identity-verification.type';

/** Identity verification in the console: each person of a case with their verification, and Resend. */
@Resolver(() => CaseNode)
export class IdentityVerificationResolver {
  @FieldResolver(() => [IdentityVerification], { description: 'The case\'s directors, UBOs and signatories (one per human) and their identity verification, in roster order.' })
  async identityVerifications(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): Promise<IdentityVerification[]> {
    return (await listCaseVerificationViews(ctx.svc, actorOf(ctx), { caseId: c.caseId })).map(identityVerificationOf);
  }

  @Mutation(() => [IdentityVerification], {
    description: 'Sends a person of the case a new verification link (the old one stops working); idv.dispatched names the analyst. '
      + 'BAD_USER_INPUT when the person has no email; CONFLICT when already verified.',
  })
  async resendVerification(
    @Ctx() ctx: GraphqlContext, @Arg('caseId', () => ID) caseId: string, @Arg('personKey', () => ID) personKey: string,
  ): Promise<IdentityVerification[]> {
    return (await resendVerification(ctx.svc, actorOf(ctx), { caseId, personKey })).map(identityVerificationOf);
  }

  @Mutation(() => [IdentityVerification], {
    description: 'Adds or corrects the email address of a person of the case (every role of that human; audited as case.person_email.set), '
      + 'so that Resend can send them a verification link. BAD_USER_INPUT (path email) for an address the service does not accept; '
      + 'NOT_FOUND for another organisation\'s case or an unknown personKey. Answers the case\'s people with their verification.',
  })
  async setPersonEmail(
    @Ctx() ctx: GraphqlContext, @Arg('caseId', () => ID) caseId: string, @Arg('personKey', () => ID) personKey: string, @Arg('email') email: string,
  ): Promise<IdentityVerification[]> {
    const actor = actorOf(ctx);
    await setPersonEmail(ctx.svc, actor, { caseId, personKey, email });
    return (await listCaseVerificationViews(ctx.svc, actor, { caseId })).map(identityVerificationOf);
  }
}
