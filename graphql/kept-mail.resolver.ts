import { Arg, Ctx, Field, FieldResolver, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { isMailKeptLocally, listKeptMail, showKeptMail, type KeptMail, type KeptMailSummary } from '../src/mail/index';
import { DomainError } from '../src/platform/index';
import { actorOf, type GraphqlContext } from './context';
import { Viewer } from './session.resolver';

@ObjectType({ description: 'An email the service kept in its local outbox because SMTP_URL is unset (development, demos).' })
export class KeptMailItem {
  @Field(() => ID) id!: string;
  @Field({ description: 'The recipient.' }) to!: string;
  @Field() subject!: string;
  @Field({ description: 'When it was kept.' }) createdAt!: Date;
}

@ObjectType({ description: 'One kept email, decoded from its MIME source.' })
export class KeptMailMessage extends KeptMailItem {
  @Field(() => String, { nullable: true }) from!: string | null;
  @Field({ description: 'The plain-text part, decoded (the HTML part as text when there is none).' }) text!: string;
  @Field(() => [String], { description: 'Every http(s) link of the message, in order of appearance, once each (magic links, set-password links).' }) links!: string[];
}

const itemOf = (m: KeptMailSummary): KeptMailItem => ({ id: String(m.id), to: m.to, subject: m.subject, createdAt: new Date(m.createdAt) });
const messageOf = (m: KeptMail): KeptMailMessage => ({ ...itemOf(m), from: m.from, text: m.text, links: m.links });

/** The console's Mail page: mail kept locally while SMTP_URL is unset, over the use cases of `svc mail:list` and `mail:show`. */
@Resolver()
export class KeptMailResolver {
  @Query(() => [KeptMailItem], {
    description: "The organisation's kept mail, newest first (compliance_admin or above: it holds magic links). "
      + 'With SMTP_URL set nothing is kept: CONFLICT (extensions.mail `not_kept`).',
  })
  async keptMail(
    @Ctx() ctx: GraphqlContext,
    @Arg('first', () => Int, { defaultValue: 20, description: 'How many, 1 to 200.' }) first: number,
  ): Promise<KeptMailItem[]> {
    return (await listKeptMail(ctx.svc, actorOf(ctx), first)).map(itemOf);
  }

  @Query(() => KeptMailMessage, { description: "One kept email of the organisation, decoded, with its links (as keptMail); another organisation's: NOT_FOUND." })
  async keptMailMessage(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<KeptMailMessage> {
    const actor = actorOf(ctx);
    if (!/^[0-9]{1,15}$/.test(id)) throw DomainError.notFound('Mail');
    return messageOf(await showKeptMail(ctx.svc, actor, Number(id)));
  }
}

/** Whether the console offers the Mail page at all (with viewerCan.readKeptMail). */
@Resolver(() => Viewer)
export class ViewerKeptMailResolver {
  @FieldResolver(() => Boolean, {
    description: 'SMTP_URL is unset, or the console shows test data (whose mail is never sent): mail is kept in the service, and the console shows it '
      + 'on its Mail page to those who may read it (viewerCan.readKeptMail).',
  })
  mailKeptLocally(@Ctx() ctx: GraphqlContext): boolean {
    return isMailKeptLocally(ctx.svc, ctx.signedIn?.actor);
  }
}
