import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintColumn, jsonColumn, timestampColumn, uuidColumn } from '../db/columns';

/** A document on a case, with what AI extraction found in it. `id` is the public integer id. */
@Entity('documents')
export class Document {
  @PrimaryGeneratedColumn(bigintColumn as object) id!: number;
  @Column(uuidColumn) orgId!: string;
  @Column(bigintColumn) casePk!: number;
  @Column({ type: 'varchar', nullable: true }) documentType!: string | null;
  @Column() filename!: string;
  @Column() mimeType!: string;
  @Column(bigintColumn) sizeBytes!: number;
  /** Seen values: complete, error, approved, escalated (plus processing before extraction ends). */
  @Column() status!: string;
  /** High, Medium or Low. */
  @Column({ type: 'varchar', nullable: true }) confidence!: string | null;
  @Column(jsonColumn) warnings!: unknown[];
  @Column({ type: 'text', nullable: true }) notes!: string | null;
  @Column(jsonColumn) extractedData!: Record<string, unknown>;
  @Column(timestampColumn) uploadedAt!: Date;
  @Column(timestampColumn) updatedAt!: Date;
}
