import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: "The signed-in member's organisation (tenant) and its compliance switches." })
export class Organisation {
  @Field(() => ID, { description: 'The orgId on every surface (webhooks, the pull API).' }) id!: string;
  @Field() name!: string;
  @Field({ description: 'Monitoring-review verdicts need a second person to approve them.' }) fourEyes!: boolean;
  @Field(() => ID, { nullable: true, description: 'The member monitoring-review hand-offs are assigned to (mlro or above); null: the senior queue.' })
  defaultMlroMemberId!: string | null;
  @Field({ description: 'The operator has unlocked full-parity egress for this organisation.' }) fullParityEntitled!: boolean;
  @Field({ description: 'A compliance admin has switched full-parity egress on (effective only while entitled).' }) fullParityEnabled!: boolean;
  @Field({
    description: "Zero retention: a case's personal data is purged once every endpoint subscribed to its case.data_package.delivered answered with a 2xx. Needs full-parity egress.",
  }) zeroRetention!: boolean;
  @Field(() => Int, {
    description: "Webhook failure alerts: minutes an endpoint's deliveries may fail with no success before the compliance admins and admins are emailed (default 60).",
  }) webhookAlertAfterMinutes!: number;
  @Field({ description: 'Identity verification asks each person for a selfie with their ID document (the local verifier then answers manual_review: it cannot compare faces).' })
  idvRequireSelfie!: boolean;
  @Field({
    description: 'A valid, accepted passport or ID card on file satisfies a person even when a selfie is required or a hosted vendor verifies. Off: such an '
      + 'organisation always sends the verification link.',
  })
  idvAcceptDocumentOnFile!: boolean;
  @Field({ description: 'Every member needs a second factor (authenticator app or passkey): one without is sent to set one up at sign-in and can do nothing else until then.' })
  mfaRequired!: boolean;
  @Field(() => [String], { description: 'The IP allow-list (CIDRs, IPv4 and IPv6); empty: every address may sign in and call the API.' })
  ipAllowList!: string[];
  @Field(() => Int, { nullable: true, description: 'Days without a sign-in after which a member is suspended; null: never.' })
  inactivityLimitDays!: number | null;
}

/** The GraphQL shape of a tenant row (any object with its fields). */
export function organisationOf(
  t: {
    id: string; name: string; fourEyes: boolean; defaultMlroMemberId?: string | null; fullParityEntitled: boolean; fullParityEnabled: boolean; zeroRetention: boolean;
    webhookAlertAfterMinutes: number; idvRequireSelfie: boolean; idvAcceptDocumentOnFile: boolean; mfaRequired: boolean;
    ipAllowList: string[]; inactivityLimitDays: number | null;
  },
): Organisation {
  return {
    id: t.id, name: t.name, fourEyes: t.fourEyes, defaultMlroMemberId: t.defaultMlroMemberId ?? null, fullParityEntitled: t.fullParityEntitled,
    fullParityEnabled: t.fullParityEnabled, zeroRetention: t.zeroRetention,
    webhookAlertAfterMinutes: t.webhookAlertAfterMinutes, idvRequireSelfie: t.idvRequireSelfie,
    idvAcceptDocumentOnFile: t.idvAcceptDocumentOnFile, mfaRequired: t.mfaRequired,
    ipAllowList: t.ipAllowList, inactivityLimitDays: t.inactivityLimitDays,
  };
}
