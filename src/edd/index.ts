export { EDD_STATUSES, MAX_EDD_NOTE_CHARS, MAX_EDD_LABEL_CHARS, type EddStatus, type EddSource } from './edd-requirement';
export { getCaseEdd, caseEddOf } from './get-case-edd';
export { setEddRequirement, type SetEddRequirementInput } from './set-edd-requirement';
export { deriveEddRequirementsInTx } from './derive-edd-requirements';
export { changeEddRequirementInTx } from './change-edd-requirement';
export { listEddRequirements, markEddRequested, lockEddRequirement, purgeEddNotes, type EddRequirement } from './edd.repository';
export type { CaseEddView, EddRequirementView, EddChangeView } from './edd-views';
export { eddModule } from './module';
