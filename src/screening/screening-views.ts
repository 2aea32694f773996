import type { ScreeningHitRow } from './screening.repository';
import type { ScreeningHitView } from './screening.wire';

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const iso = (v: Date | null) => (v ? v.toISOString() : null);

export function screeningHitView(r: ScreeningHitRow, caseId: string): ScreeningHitView {
  return {
    hitId: r.hit_id,
    caseId,
    subjectId: r.subject_id,
    subjectName: r.subject_name,
    subjectRole: r.subject_role,
    caption: r.caption,
    schema: r.entity_schema,
    score: r.score === null ? null : Number(r.score),
    topics: json<string[]>(r.topics),
    position: json<string[]>(r.positions),
    nationality: json<string[]>(r.nationality),
    isPep: Number(r.is_pep) === 1,
    isSanctioned: Number(r.is_sanctioned) === 1,
    source: r.source,
    detectedAt: (r.detected_at as Date).toISOString(),
    triage: r.triage_status
      ? {
        status: r.triage_status, confidence: r.triage_confidence === null ? null : Number(r.triage_confidence), disposition: r.triage_disposition,
        shortReason: r.triage_reason, provider: r.triage_provider ?? null, model: r.triage_model ?? null, promptVersion: r.triage_prompt_version ?? null,
        triagedAt: iso(r.triaged_at ?? null),
      }
      : null,
    disposition: r.disposition,
    dispositionNote: r.disposition_note,
    dispositionBy: r.disposition_by,
    dispositionedAt: iso(r.dispositioned_at),
  };
}
