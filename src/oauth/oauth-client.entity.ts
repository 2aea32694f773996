import { Column, Entity, PrimaryColumn } from 'typeorm';
import { SCOPES, type Mode, type Scope } from '../access/index';
import { jsonColumn, nullableTimestampColumn, timestampColumn, uuidColumn } from '../db/columns';

export { SCOPES, type Scope };
/**
 * Additive scopes: never granted unless asked for by name. Full-parity egress, and webhook endpoint
 * management (whoever holds webhooks:write can send every future event to a URL of their choosing), and the
 * test helpers (which move test cases along as customers, analysts and vendors would).
 */
export const OPT_IN_SCOPES: readonly Scope[] = ['read:full_case', 'read:evidence', 'webhooks:read', 'webhooks:write', 'screening:search', 'test_helpers'];
/**
 * Scopes beyond the contract's that only a compliance admin may put on pull-API credentials: full-parity
 * egress, the evidence pack, webhook endpoints, and dispositions on screening hits.
 */
export const ELEVATED_CLIENT_SCOPES: readonly Scope[] = ['read:full_case', 'read:evidence', 'webhooks:read', 'webhooks:write', 'screening:write'];
/** What a pull-API client gets when created without --scopes: everything but the opt-in scopes. */
export const DEFAULT_CLIENT_SCOPES: Scope[] = SCOPES.filter((s) => !OPT_IN_SCOPES.includes(s));

/**
 * An OAuth client. `api`: a tenant's pull-API credentials (client credentials grant).
 * `connector`: an AI-assistant connector registered by the operator, tenant-less until a member consents.
 */
@Entity('oauth_clients')
export class OAuthClient {
  @PrimaryColumn({ type: 'varchar', length: 64 }) id!: string;
  @Column({ ...uuidColumn, nullable: true }) orgId!: string | null;
  @Column({ type: 'varchar' }) kind!: 'api' | 'connector';
  @Column() name!: string;
  /** Hash of the 256-bit secret, shown once at creation; null for a public connector. */
  @Column({ type: 'varchar', nullable: true }) secretHash!: string | null;
  /** An API client's secret before its last rotation: still accepted until retired or until previousSecretExpiresAt. */
  @Column({ type: 'varchar', nullable: true }) previousSecretHash!: string | null;
  @Column(nullableTimestampColumn) previousSecretExpiresAt!: Date | null;
  @Column(nullableTimestampColumn) secretRotatedAt!: Date | null;
  @Column(jsonColumn) scopes!: Scope[];
  /** Test credentials (id `test_…`) see and make the tenant's test data only; connectors are always live. */
  @Column({ type: 'varchar', length: 4, default: 'live' }) mode!: Mode;
  @Column(jsonColumn) redirectUris!: string[];
  @Column(timestampColumn) createdAt!: Date;
  /** The member who minted an API client (null when the operator or the CLI did). */
  @Column({ ...uuidColumn, nullable: true }) createdByMemberId!: string | null;
  @Column(nullableTimestampColumn) lastUsedAt!: Date | null;
  @Column(nullableTimestampColumn) revokedAt!: Date | null;
  /** An API client that stops working at this instant (the token endpoint answers invalid_client); null: never. */
  @Column(nullableTimestampColumn) expiresAt!: Date | null;
  /** A connector known by its Client ID Metadata Document: the document's URL (its public client_id). */
  @Column({ type: 'varchar', nullable: true }) metadataUrl!: string | null;
  /** When that document was last fetched. */
  @Column(nullableTimestampColumn) metadataFetchedAt!: Date | null;
}
