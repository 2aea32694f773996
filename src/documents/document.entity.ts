import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintColumn, jsonColumn, nullableTimestampColumn, timestampColumn, uuidColumn } from '../db/columns';

/** Document statuses (events show complete, error, approved, escalated; `processing` until extraction ends). */
export const DOCUMENT_STATUSES = ['processing', 'complete', 'error', 'approved', 'escalated'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** How sure the extraction is. */
export const DOCUMENT_CONFIDENCES = ['High', 'Medium', 'Low'] as const;
export type DocumentConfidence = (typeof DOCUMENT_CONFIDENCES)[number];

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
  /** The BlobStore key of the uploaded bytes (random); null on documents that did not come through an upload. */
  @Column({ type: 'varchar', nullable: true }) blobKey!: string | null;
  /** SHA-256 (hex) of the bytes as stored; null where blobKey is. */
  @Column({ type: 'varchar', nullable: true }) sha256!: string | null;
  @Column({ type: 'varchar' }) status!: DocumentStatus;
  @Column({ type: 'varchar', nullable: true }) confidence!: DocumentConfidence | null;
  @Column(jsonColumn) warnings!: unknown[];
  /** The fields expected of the document's type that extraction did not find. */
  @Column(jsonColumn) missingFields!: string[];
  @Column({ type: 'text', nullable: true }) notes!: string | null;
  @Column(jsonColumn) extractedData!: Record<string, unknown>;
  @Column(timestampColumn) uploadedAt!: Date;
  @Column(timestampColumn) updatedAt!: Date;
  /** When the extraction sweep last re-enqueued this document's job (it does so at most once per EXTRACTION_SWEEP_AFTER). */
  @Column(nullableTimestampColumn) extractionRequeuedAt!: Date | null;
  /** When zero retention purged the file and what was extracted from it; blobKey stays until the blob is gone. */
  @Column(nullableTimestampColumn) purgedAt!: Date | null;
}
