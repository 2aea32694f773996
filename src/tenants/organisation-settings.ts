import type { Tenant } from './tenant.entity';

/** A tenant's name and compliance switches, as the console's Organisation shows them. */
export interface OrganisationSettings {
  orgId: string;
  name: string;
  /** Monitoring-review verdicts need a second person. */
  fourEyes: boolean;
  /** The member monitoring-review hand-offs go to (mlro or above), or null (the senior queue). */
  defaultMlroMemberId: string | null;
  /** The operator has unlocked full-parity egress. */
  fullParityEntitled: boolean;
  /** A compliance admin has switched it on (effective only while entitled). */
  fullParityEnabled: boolean;
  /** Zero retention: personal data is purged once the case's data package was delivered (needs full parity). */
  zeroRetention: boolean;
  /** Webhook failure alerts: minutes of failures with no success before the compliance admins are emailed. */
  webhookAlertAfterMinutes: number;
  /** Identity verification asks for a selfie with the ID document. */
  idvRequireSelfie: boolean;
  /** A valid, accepted ID document on file satisfies a person even when a selfie is required or a hosted vendor verifies. */
  idvAcceptDocumentOnFile: boolean;
  /** Every member needs a second factor (setMfaRequired). */
  mfaRequired: boolean;
  /** The IP allow-list (CIDRs); empty: every address may come in. */
  ipAllowList: string[];
  /** Days without a sign-in after which a member is suspended, or null (never). */
  inactivityLimitDays: number | null;
}

export function toOrganisationSettings(
  t: Pick<Tenant, 'id' | 'name' | 'fourEyes' | 'defaultMlroMemberId' | 'fullParityEntitled' | 'fullParityEnabled' | 'zeroRetention' | 'webhookAlertAfterMinutes' | 'idvRequireSelfie' | 'idvAcceptDocumentOnFile' | 'mfaRequired' | 'ipAllowList' | 'inactivityLimitDays'>,
): OrganisationSettings {
  return {
    orgId: t.id, name: t.name, fourEyes: t.fourEyes, defaultMlroMemberId: t.defaultMlroMemberId, fullParityEntitled: t.fullParityEntitled,
    fullParityEnabled: t.fullParityEnabled, zeroRetention: t.zeroRetention,
    webhookAlertAfterMinutes: t.webhookAlertAfterMinutes, idvRequireSelfie: t.idvRequireSelfie,
    idvAcceptDocumentOnFile: t.idvAcceptDocumentOnFile, mfaRequired: t.mfaRequired,
    ipAllowList: t.ipAllowList ?? [], inactivityLimitDays: t.inactivityLimitDays,
  };
}
