import { Column, Entity, PrimaryColumn } from 'typeorm';
import { MEMBER_ROLES, type MemberRole } from '../access/index';
import { nullableTimestampColumn, timestampColumn, uuidColumn } from '../db/columns';

export { MEMBER_ROLES, type MemberRole };

/** A person who signs in to the console (and consents to connectors). Emails are unique service-wide. */
@Entity('members')
export class Member {
  @PrimaryColumn(uuidColumn) id!: string;
  @Column(uuidColumn) orgId!: string;
  @Column() email!: string;
  @Column({ type: 'varchar', nullable: true }) name!: string | null;
  @Column() passwordHash!: string;
  @Column({ type: 'varchar' }) role!: MemberRole;
  @Column(timestampColumn) createdAt!: Date;
  @Column(nullableTimestampColumn) removedAt!: Date | null;
  /** The last successful sign-in (console or authorization pages), or null: never since this was recorded. */
  @Column(nullableTimestampColumn) lastSignInAt!: Date | null;
  /** Suspended (the tenant's inactivity limit): they cannot sign in until an admin reactivates them. */
  @Column(nullableTimestampColumn) suspendedAt!: Date | null;
  /** Last reactivated by an admin: inactivity counts from here when it is later than the last sign-in. */
  @Column(nullableTimestampColumn) reactivatedAt!: Date | null;
}
