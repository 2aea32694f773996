import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { MEMBER_ROLES, MLRO_ROLES, type MemberRole, type MemberView } from '../../src/tenants/index';

/** analyst < mlro < compliance_admin < admin (decisions.md "Roles"). */
export const Role = Object.fromEntries(MEMBER_ROLES.map((r) => [r, r])) as { [K in MemberRole]: K };
registerEnumType(Role, {
  name: 'Role',
  description: 'analyst (case work), mlro (adds senior review), compliance_admin (adds configuration), admin (members, everything).',
});

@ObjectType({ description: 'A member of the organisation: a person who signs in to the console.' })
export class Member {
  @Field(() => ID) id!: string;
  @Field() email!: string;
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field(() => Role) role!: MemberRole;
  @Field() createdAt!: Date;
  @Field({ description: 'Whether setDefaultMlro accepts this member: the mlro role or above.' }) eligibleAsDefaultMlro!: boolean;
  @Field(() => Date, { nullable: true, description: 'Their last sign-in (console or connector sign-in pages); null: none recorded.' }) lastSignInAt!: Date | null;
  @Field(() => Date, { nullable: true, description: "Suspended after the organisation's inactivity limit: they cannot sign in until an admin reactivates them." })
  suspendedAt!: Date | null;
}

/** The GraphQL shape of a member as the domain lists them. */
export function memberOf(m: MemberView): Member {
  return { id: m.userId, email: m.email, name: m.name, role: m.role, createdAt: new Date(m.createdAt), eligibleAsDefaultMlro: MLRO_ROLES.includes(m.role),
    lastSignInAt: m.lastSignInAt ? new Date(m.lastSignInAt) : null, suspendedAt: m.suspendedAt ? new Date(m.suspendedAt) : null,
  };
}
