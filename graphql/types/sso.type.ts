import { Field, InputType, ObjectType } from 'type-graphql';
import type { MemberRole } from '../../src/tenants/index';
import type { SsoConnectionTest as SsoConnectionTestView, SsoConnectionView } from '../../src/sso/index';
import { Role } from './member.type';

@ObjectType({ description: "The organisation's single sign-on through its OpenID Connect identity provider (admins). The client secret is never shown." })
export class SsoConnection implements SsoConnectionView {
  @Field({ description: "The identity provider's issuer identifier (its metadata is at <issuer>/.well-known/openid-configuration)." }) issuerUrl!: string;
  @Field({ description: 'The client id this service has at the identity provider.' }) clientId!: string;
  @Field(() => [String], { description: 'Email domains whose members sign in through this identity provider.' }) allowedDomains!: string[];
  @Field({ description: 'Unknown users of an allowed domain become members with defaultRole at their first sign-in. Off: they are refused.' }) jitProvisioning!: boolean;
  @Field(() => Role, { description: 'The role just-in-time provisioning gives (never admin).' }) defaultRole!: MemberRole;
  @Field({ description: "Members sign in only through the identity provider; an admin with a second factor keeps password sign-in (break-glass)." }) ssoRequired!: boolean;
  @Field(() => [String], { description: 'The redirect URIs to register at the identity provider: the console\'s and the AI-assistant connection page\'s.' }) redirectUris!: string[];
  @Field() updatedAt!: Date;
}

@InputType({ description: 'The single sign-on connection, set whole (the client secret may be left out to keep the stored one).' })
export class SsoConnectionInput {
  @Field({ description: 'https only.' }) issuerUrl!: string;
  @Field() clientId!: string;
  @Field(() => String, { nullable: true, description: 'Required for a new connection; stored encrypted and never shown again. Null or absent keeps the stored one.' })
  clientSecret?: string | null;
  @Field(() => [String], { description: '1 to 20 email domains, unique across organisations; public mail providers are refused.' }) allowedDomains!: string[];
  @Field({ nullable: true, description: 'Default false.' }) jitProvisioning?: boolean;
  @Field(() => Role, { nullable: true, description: 'Default analyst; never admin.' }) defaultRole?: MemberRole;
  @Field({ nullable: true, description: 'Default false. Turning it on needs your own second factor (break-glass).' }) ssoRequired?: boolean;
}

@ObjectType({ description: 'What "Test connection" found.' })
export class SsoConnectionTest implements SsoConnectionTestView {
  @Field() ok!: boolean;
  @Field({ description: 'What works, or what is wrong, in words.' }) message!: string;
  @Field(() => String, { nullable: true, description: "The issuer the provider's metadata names." }) issuer!: string | null;
}

@ObjectType({ description: 'How an email may sign in, for the sign-in page.' })
export class SignInOptions {
  @Field({ description: "The email's domain signs in through its organisation's identity provider: offer \"Continue with SSO\" (/console/sso/start?email=…)." })
  sso!: boolean;
}
