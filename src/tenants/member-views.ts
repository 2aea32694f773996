import type { Member } from './member.entity';
import type { MemberView } from './member.wire';

/** A member row as the console and the CLI see it (never the password hash). */
export function toMemberView(m: Member): MemberView {
  return { userId: m.id, email: m.email, name: m.name, role: m.role, createdAt: m.createdAt.toISOString(),
    lastSignInAt: m.lastSignInAt?.toISOString() ?? null, suspendedAt: m.suspendedAt?.toISOString() ?? null };
}
