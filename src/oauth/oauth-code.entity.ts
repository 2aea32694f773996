import { Column, Entity, PrimaryColumn } from 'typeorm';
import { jsonColumn, nullableTimestampColumn, timestampColumn, uuidColumn } from '../db/columns';
import type { Scope } from './oauth-client.entity';

/** An authorization code, stored by its SHA-256 hash; single use, short-lived, PKCE-bound. */
@Entity('oauth_codes')
export class OAuthCode {
  @PrimaryColumn({ type: 'char', length: 64 }) codeHash!: string;
  @Column({ type: 'varchar', length: 64 }) clientId!: string;
  @Column(uuidColumn) orgId!: string;
  @Column(uuidColumn) memberId!: string;
  @Column() redirectUri!: string;
  @Column(jsonColumn) scopes!: Scope[];
  /** S256 challenge (base64url). */
  @Column() codeChallenge!: string;
  /** The grant its exchange created; revoked if the code is presented again. */
  @Column({ ...uuidColumn, nullable: true }) grantId!: string | null;
  /** The resources (RFC 8707) its tokens are for; null on codes from before them (the pull API). */
  @Column({ ...jsonColumn, nullable: true }) resources!: string[] | null;
  @Column(timestampColumn) expiresAt!: Date;
  @Column(nullableTimestampColumn) usedAt!: Date | null;
  @Column(timestampColumn) createdAt!: Date;
}
