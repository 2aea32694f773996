import { Column, Entity, PrimaryColumn } from 'typeorm';
import { nullableTimestampColumn, timestampColumn, uuidColumn } from '../db/columns';

export const MEMBER_ROLES = ['analyst', 'mlro', 'compliance_admin', 'admin'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

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
