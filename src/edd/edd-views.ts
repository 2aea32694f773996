import type { EddSource, EddStatus } from './edd-requirement';
import type { EddChangeEntry, EddRequirement } from './edd.repository';

/** A requirement as the console shows it. */
export interface EddRequirementView {
  reqKey: string;
  label: string;
  /** `policy` (derived from the band) or `analyst` (added by hand). */
  source: EddSource;
  status: EddStatus;
  note: string;
  /** When it was first asked for by email (null: not yet). */
  requestedAt: string | null;
  updatedBy: string;
  updatedAt: string;
}

/** One entry of a requirement's history (each edd.requirements.changed). */
export interface EddChangeView {
  reqKey: string;
  label: string;
  status: EddStatus;
  previousStatus: EddStatus | null;
  note: string;
  updatedBy: string;
  changedAt: string;
}

/** A case's EDD: its requirements and their history, oldest first. */
export interface CaseEddView {
  requirements: EddRequirementView[];
  history: EddChangeView[];
}

export const eddRequirementView = (r: EddRequirement): EddRequirementView => ({
  reqKey: r.reqKey, label: r.label, source: r.source, status: r.status, note: r.note, requestedAt: r.requestedAt?.toISOString() ?? null,
  updatedBy: r.updatedBy, updatedAt: r.updatedAt.toISOString(),
});

export const eddChangeView = (c: EddChangeEntry): EddChangeView => ({ ...c, changedAt: c.changedAt.toISOString() });
