import { Column, Entity, PrimaryColumn } from 'typeorm';
import { jsonColumn, nullableTimestampColumn, timestampColumn, uuidColumn } from '../db/columns';
import type { Scope } from './oauth-client.entity';

/** A connected app: one member's consent for one connector, with the scopes granted. */
@Entity('oauth_grants')
export class OAuthGrant {
  @PrimaryColumn(uuidColumn) id!: string;
  @Column(uuidColumn) orgId!: string;
  @Column(uuidColumn) memberId!: string;
  @Column({ type: 'varchar', length: 64 }) clientId!: string;
  @Column(jsonColumn) scopes!: Scope[];
  /** The resources (RFC 8707) its tokens may be for; null on grants from before them (the pull API). */
  @Column({ ...jsonColumn, nullable: true }) resources!: string[] | null;
  @Column(timestampColumn) createdAt!: Date;
  @Column(nullableTimestampColumn) lastUsedAt!: Date | null;
  @Column(nullableTimestampColumn) revokedAt!: Date | null;
}
