import { Column, Entity, PrimaryColumn } from 'typeorm';
import { boolColumn, nullableTimestampColumn, timestampColumn, uuidColumn } from '../db/columns';

/** A tenant: an organisation, identified on every surface by its orgId. */
@Entity('tenants')
export class Tenant {
  @PrimaryColumn(uuidColumn) id!: string;
  /** Display name, shown on invites, the consent screen and the console. */
  @Column() name!: string;
  /** The last part of the public intake link `{APP_URL}/apply/<slug>` (tenant-slug.ts); unique. */
  @Column({ type: 'varchar' }) slug!: string;
  @Column() brandColor!: string;
  @Column({ type: 'varchar', nullable: true }) logoUrl!: string | null;
  /** Operator-unlocked entitlement to full-parity egress. */
  @Column(boolColumn) fullParityEntitled!: boolean;
  /** Compliance-admin toggle; effective only while entitled. */
  @Column(boolColumn) fullParityEnabled!: boolean;
  /** Zero retention: a case's personal data is purged once its data package was delivered (needs full parity). */
  @Column(boolColumn) zeroRetention!: boolean;
  /** When zero retention was last switched on (null while off): only data packages since then are purged. */
  @Column(nullableTimestampColumn) zeroRetentionSince!: Date | null;
  /** Four-eyes: a second person approves monitoring-review verdicts. */
  @Column(boolColumn) fourEyes!: boolean;
  /** Webhook failure alerts: minutes an endpoint's attempts may fail with no success before the admins are emailed (default 60). */
  @Column({ type: 'int' }) webhookAlertAfterMinutes!: number;
  /** Identity verification asks for a selfie with the ID document (Compliance Configuration; off by default). */
  @Column(boolColumn) idvRequireSelfie!: boolean;
  /**
   * A valid, accepted passport or ID card on file may stand in for a verification link even when a selfie is
   * required or a hosted vendor verifies (a compliance admin's explicit, audited choice; off by default).
   */
  @Column(boolColumn) idvAcceptDocumentOnFile!: boolean;
  /** The member monitoring-review hand-offs are assigned to (mlro or above), or null: they wait in the senior queue. */
  @Column({ ...uuidColumn, nullable: true }) defaultMlroMemberId!: string | null;
  /** Every member needs a second factor: one without is sent to enrolment at sign-in (admin, audited; off by default). */
  @Column(boolColumn) mfaRequired!: boolean;
  /**
   * The IP allow-list (CIDRs, IPv4 and IPv6): when set, console sessions, member sign-ins and the tenant's API tokens
   * from any other address are refused (admin, audited; null: no list).
   */
  @Column({ type: 'text', nullable: true, transformer: { to: (v: string[] | null) => (v ? JSON.stringify(v) : null), from: (v: string | null) => (v ? JSON.parse(v) as string[] : null) } })
  ipAllowList!: string[] | null;
  /** Days without a sign-in after which a member is suspended (admin, audited; null: never). */
  @Column({ type: 'int', nullable: true }) inactivityLimitDays!: number | null;
  /** Members sign in only through the tenant's identity provider (src/sso decides it; off by default). */
  @Column(boolColumn) ssoOnly!: boolean;
  /** The one admin who keeps password sign-in while ssoOnly is on, should the identity provider fail (break-glass), or null. */
  @Column({ ...uuidColumn, nullable: true }) ssoBreakGlassMemberId!: string | null;
  /** The public intake link answers (Compliance Configuration; off by default). */
  @Column(boolColumn) publicIntakeEnabled!: boolean;
  @Column(timestampColumn) createdAt!: Date;
  @Column(timestampColumn) updatedAt!: Date;
}
