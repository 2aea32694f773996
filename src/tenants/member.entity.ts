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
}
