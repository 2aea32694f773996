import { Field, ID, InputType, ObjectType } from 'type-graphql';
import type { MemberRole } from '../../src/tenants/index';
import type { SsoConnectionTest as SsoConnectionTestView, SsoConnectionView } from '../../src/sso/index';
import { Role } from './member.type';

@ObjectType({ description: "The organisation's single sign-on through its OpenID Connect identity provider (admins). The client secret is never shown." })
export class SsoConnection implements SsoConnectionView {
  @Field({ description: "The identity provider's issuer identifier (its metadata is at <issuer>/.well-known/openid-configuration)." }) issuer!: string;
  @Field({ description: 'The client id this service has at the identity provider.' }) clientId!: string;
  @Field(() => [String], { description: 'Email domains whose members sign in through this identity provider.' }) emailDomains!: string[];
  @Field(() => Role, { description: 'The role of a member created at their first sign-in through the identity provider (never admin).' }) defaultRole!: MemberRole;
  @Field({ description: 'Password sign-in is off for the organisation\'s members, except the break-glass admin.' }) ssoOnly!: boolean;
  @Field(() => ID, { nullable: true, description: 'The one admin who keeps password sign-in while ssoOnly is on, should the identity provider fail (break-glass).' })
  breakGlassMemberId!: string | null;
  @Field(() => String, { nullable: true, description: "The break-glass admin's email; null when there is none, or they are no longer an admin." })
  breakGlassEmail!: string | null;
  @Field(() => [String], { description: 'The redirect URIs to register at the identity provider: the console\'s and the AI-assistant connection page\'s.' }) redirectUris!: string[];
  @Field() updatedAt!: Date;
}

@InputType({ description: 'The single sign-on connection, set whole (the client secret may be left out to keep the stored one).' })
export class SsoConnectionInput {
  @Field({ description: 'The issuer identifier: https, at a public address.' }) issuer!: string;
  @Field() clientId!: string;
  @Field(() => String, { nullable: true, description: 'Required for a new connection; stored encrypted and never shown again. Null or absent keeps the stored one.' })
  clientSecret?: string | null;
  @Field(() => [String], { description: '1 to 20 email domains, unique across organisations; public mail providers are refused.' }) emailDomains!: string[];
  @Field(() => Role, { nullable: true, description: 'The role of a member created at their first sign-in. Default analyst; never admin.' }) defaultRole?: MemberRole;
  @Field({ nullable: true, description: 'Turns password sign-in off for members, except the break-glass admin. Default false.' }) ssoOnly?: boolean;
  @Field(() => ID, { nullable: true, description: 'An admin of the organisation who keeps password sign-in while ssoOnly is on: required then.' })
  breakGlassMemberId?: string | null;
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
