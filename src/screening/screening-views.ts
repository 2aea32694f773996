import type { ScreeningHit } from './screening.repository';
import type { ClearedPair } from './cleared-pairs.repository';
import type { ScreeningSettings } from './screening-settings.repository';
import type { ScreeningSettingsDefinition } from './screening-settings';
import type { ScreeningHitView } from './screening.wire';

const iso = (v: Date | null) => (v ? v.toISOString() : null);

export function screeningHitView(r: ScreeningHit, caseId: string): ScreeningHitView {
  return {
    hitId: r.hitId,
    caseId,
    subjectId: r.subjectId,
    subjectName: r.subjectName,
    subjectRole: r.subjectRole,
    caption: r.caption,
    schema: r.entitySchema,
    score: r.score,
    topics: r.topics,
    position: r.positions,
    nationality: r.nationality,
    isPep: r.isPep,
    isSanctioned: r.isSanctioned,
    source: r.source,
    detectedAt: r.detectedAt.toISOString(),
    triage: r.triageStatus
      ? {
        status: r.triageStatus, confidence: r.triageConfidence, disposition: r.triageDisposition,
        shortReason: r.triageReason, provider: r.triageProvider, model: r.triageModel, promptVersion: r.triagePromptVersion,
        triagedAt: iso(r.triagedAt),
      }
      : null,
    disposition: r.disposition,
    dispositionNote: r.dispositionNote,
    dispositionBy: r.dispositionBy,
    dispositionedAt: iso(r.dispositionedAt),
    ...(r.changes?.length ? { changes: r.changes } : {}),
    ...(r.explanation ? { explanation: r.explanation } : {}),
  };
}

/** A version of the tenant's screening settings. */
export interface ScreeningSettingsView extends ScreeningSettingsDefinition {
  settingsId: number;
  version: number;
  createdBy: string;
  createdAt: string;
}

export const screeningSettingsView = (s: ScreeningSettings): ScreeningSettingsView => ({
  ...s.settings, settingsId: s.id, version: s.version, createdBy: s.createdBy, createdAt: s.createdAt.toISOString(),
});

/** A cleared pair as analysts see it: who, which entity, cleared by whom and when, on which case. */
export interface ClearedHitView {
  id: string;
  subjectKind: 'person' | 'subject';
  personId: number | null;
  subjectName: string | null;
  entityId: string;
  caption: string | null;
  caseId: string;
  hitId: string;
  clearedBy: string;
  clearedAt: string;
}

export const clearedHitView = (p: ClearedPair): ClearedHitView => ({
  id: String(p.id),
  subjectKind: p.subjectKey.startsWith('person:') ? 'person' : 'subject',
  personId: p.subjectKey.startsWith('person:') ? Number(p.subjectKey.slice(7)) : null,
  subjectName: p.subjectName, entityId: p.entityId, caption: p.caption, caseId: p.caseId, hitId: p.hitId, clearedBy: p.clearedBy,
  clearedAt: p.clearedAt.toISOString(),
});
