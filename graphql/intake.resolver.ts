import { Arg, Ctx, Field, FieldResolver, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { getPublicIntake, intakeQrSvg, setPublicIntake, type PublicIntakeView } from '../src/intake/index';
import { actorOf, type GraphqlContext } from './context';

@ObjectType({ description: "The organisation's public intake link, where customers start an application by themselves." })
export class PublicIntake {
  @Field({ description: 'Whether the link answers. Off by default.' }) enabled!: boolean;
  @Field({ description: 'The last part of the link: 3 to 63 lowercase letters, digits and single hyphens, unique across organisations.' }) slug!: string;
  @Field({ description: '`{APP_URL}/apply/<slug>`, the address to publish (shown whether or not it is enabled).' }) url!: string;
}

const publicIntakeOf = (v: PublicIntakeView): PublicIntake => ({ enabled: v.enabled, slug: v.slug, url: v.url });

/** Compliance Configuration: the public intake link. */
@Resolver()
export class IntakeResolver {
  @Query(() => PublicIntake, { description: "The organisation's public intake link (any member)." })
  async publicIntake(@Ctx() ctx: GraphqlContext): Promise<PublicIntake> {
    return publicIntakeOf(await getPublicIntake(ctx.svc, actorOf(ctx)));
  }

  @Mutation(() => PublicIntake, {
    description: 'Switches the public intake link on or off and, with `slug`, renames it (compliance_admin; the old link stops at once). '
      + 'A slug another organisation uses: BAD_USER_INPUT on `slug`. Audited.',
  })
  async setPublicIntake(
    @Ctx() ctx: GraphqlContext,
    @Arg('enabled') enabled: boolean,
    @Arg('slug', () => String, { nullable: true, description: 'A new slug (letter case is ignored); omitted or null keeps the current one.' }) slug?: string | null,
  ): Promise<PublicIntake> {
    return publicIntakeOf(await setPublicIntake(ctx.svc, actorOf(ctx), { enabled, slug }));
  }
}

/** The link's QR code, drawn only when asked for. */
@Resolver(() => PublicIntake)
export class PublicIntakeQrResolver {
  @FieldResolver(() => String, { description: 'The link (`url`) as a QR code: SVG markup, black on white.' })
  qrSvg(@Root() intake: PublicIntake): Promise<string> {
    return intakeQrSvg(intake.url);
  }
}
