/**
 * An EDD (enhanced due diligence) requirement of a case: one piece of evidence the tenant needs before
 * deciding a higher-risk customer, identified by a stable slug key. The policy's items for the case's
 * band are derived when risk is assessed (source `policy`, added by `system`); an analyst may add their
 * own (source `analyst`). Each is `outstanding` until it is `received` (an analyst says so, or the
 * customer uploads evidence against it in the portal) or `waived` by an analyst.
 */
export const EDD_STATUSES = ['outstanding', 'received', 'waived'] as const;
export type EddStatus = (typeof EDD_STATUSES)[number];
export type EddSource = 'policy' | 'analyst';

/** The longest note an analyst may keep on a requirement (characters). */
export const MAX_EDD_NOTE_CHARS = 2000;
/** The longest label (characters). */
export const MAX_EDD_LABEL_CHARS = 200;
/** The most requirements one case holds. */
export const MAX_CASE_EDD_REQUIREMENTS = 50;
