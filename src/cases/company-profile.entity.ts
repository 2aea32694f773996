import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintColumn, boolColumn, jsonColumn, timestampColumn, uuidColumn } from '../db/columns';

/** The company behind a case, as the full-parity projection's `companyProfile` lists it. */
@Entity('company_profiles')
export class CompanyProfile {
  @PrimaryColumn(bigintColumn) casePk!: number;
  @Column(uuidColumn) orgId!: string;
  @Column({ type: 'varchar', nullable: true }) companyName!: string | null;
  @Column({ type: 'varchar', nullable: true }) registrationNumber!: string | null;
  @Column({ type: 'varchar', nullable: true }) country!: string | null;
  @Column({ type: 'varchar', nullable: true }) entityType!: string | null;
  /** ISO date (YYYY-MM-DD). */
  @Column({ type: 'date', nullable: true }) incorporationDate!: string | null;
  @Column({ type: 'text', nullable: true }) registeredAddress!: string | null;
  @Column({ type: 'varchar', nullable: true }) taxId!: string | null;
  @Column({ type: 'varchar', nullable: true }) vatNumber!: string | null;
  @Column({ type: 'text', nullable: true }) businessActivity!: string | null;
  @Column({ type: 'varchar', nullable: true }) industrySector!: string | null;
  @Column({ type: 'varchar', nullable: true }) annualRevenue!: string | null;
  @Column({ type: 'varchar', nullable: true }) website!: string | null;
  @Column({ type: 'varchar', nullable: true }) customerEmail!: string | null;
  @Column({ type: 'text', nullable: true }) sourceOfFunds!: string | null;
  @Column(boolColumn) transactsInternationally!: boolean;
  @Column(jsonColumn) internationalCountries!: string[];
  @Column(jsonColumn) customAnswers!: Record<string, unknown>;
  @Column(timestampColumn) updatedAt!: Date;
}
