import { Column, Entity, PrimaryColumn } from 'typeorm';
import { nullableTimestampColumn, timestampColumn, uuidColumn } from '../db/columns';

/** A refresh token, stored by its SHA-256 hash. Rotated on use; a rotated one presented again kills its grant. */
@Entity('oauth_refresh_tokens')
export class OAuthRefreshToken {
  @PrimaryColumn({ type: 'char', length: 64 }) tokenHash!: string;
  @Column(uuidColumn) grantId!: string;
  @Column(uuidColumn) orgId!: string;
  @Column(timestampColumn) expiresAt!: Date;
  @Column(nullableTimestampColumn) rotatedAt!: Date | null;
  @Column(nullableTimestampColumn) revokedAt!: Date | null;
  @Column(timestampColumn) createdAt!: Date;
}
