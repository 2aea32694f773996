import { DateTime, Nullable, StringEnum, Type, type Static } from '../wire';
import { MEMBER_ROLES } from './member.entity';

export const MemberRoleSchema = StringEnum(MEMBER_ROLES, {
  description: 'analyst (case work), mlro (adds senior review), compliance_admin (adds configuration), admin (everything).',
});

/** A member as the console and the CLI see them: never the password hash. */
export const MemberSchema = Type.Object({
  userId: Type.String({ format: 'uuid' }),
  email: Type.String({ format: 'email' }),
  name: Nullable(Type.String()),
  role: MemberRoleSchema,
  createdAt: DateTime(),
  lastSignInAt: Nullable(DateTime()),
  /** Suspended after the tenant's inactivity limit: cannot sign in until an admin reactivates them. */
  suspendedAt: Nullable(DateTime()),
});
export type MemberView = Static<typeof MemberSchema>;
