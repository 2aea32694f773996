import type { ScreeningHit } from './screening.repository';
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
  };
}
