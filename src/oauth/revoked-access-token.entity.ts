import { Column, Entity, PrimaryColumn } from 'typeorm';
import { timestampColumn, uuidColumn } from '../db/columns';

/** An access token revoked by jti (RFC 7009), kept until it would have expired anyway. */
@Entity('oauth_revoked_access_tokens')
export class RevokedAccessToken {
  @PrimaryColumn(uuidColumn) jti!: string;
  @Column(timestampColumn) expiresAt!: Date;
}
