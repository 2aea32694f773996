import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintColumn, decimalColumn, jsonColumn, uuidColumn } from '../db/columns';

export const PARTY_KINDS = ['director', 'ubo'] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];
export const ROSTER_STATUSES = ['link_sent', 'in_progress', 'action_needed', 'verified'] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];

/** A director or UBO of a case's company: an "owner" of the full-parity projection, and a roster row. */
@Entity('case_parties')
export class CaseParty {
  @PrimaryGeneratedColumn(bigintColumn as object) id!: number;
  @Column(uuidColumn) orgId!: string;
  @Column(bigintColumn) casePk!: number;
  @Column({ type: 'varchar' }) kind!: PartyKind;
  /** Zero-based position within its kind (subjectRef `dir_1`, `ubo_0`). */
  @Column({ type: 'int' }) position!: number;
  /** Shared by the same human across roles within the case. */
  @Column(uuidColumn) personKey!: string;
  @Column() name!: string;
  @Column({ type: 'varchar', nullable: true }) email!: string | null;
  @Column(jsonColumn) roles!: string[];
  @Column({ ...decimalColumn(6, 3), nullable: true }) ownershipPercent!: number | null;
  @Column({ type: 'varchar', nullable: true }) nationality!: string | null;
  @Column({ type: 'date', nullable: true }) dateOfBirth!: string | null;
  @Column({ type: 'varchar', nullable: true }) idNumber!: string | null;
  @Column({ type: 'varchar', nullable: true }) idCountry!: string | null;
  @Column({ type: 'varchar', nullable: true }) countryOfResidence!: string | null;
  @Column({ type: 'varchar', nullable: true }) source!: string | null;
  @Column({ type: 'varchar', nullable: true }) verificationStatus!: RosterStatus | null;
}
