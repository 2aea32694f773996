import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { findCaseRowByPk } from '../cases/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { recordEvent } from '../events/record-event';
import type { StepGuard } from '../step-guard';
import type { Services } from '../services';
import type { TriageInput, TriageResult } from './hit-triager';
import { assertOwnCase, type CaseRef } from './screen-case';
import { DISPOSITIONS, TRIAGE_STATUSES } from './screening-hit.entity';
import { listUntriagedHits, storeHitTriage, type UntriagedHit } from './screening.repository';

export interface TriageCaseHitsResult {
  /** False when the guard said the step was already done: nothing was written. */
  done: boolean;
  /** The hits triaged by this run (each one screening.hit.triaged), with their outcome. */
  triaged: { hitId: string; status: TriageResult['status']; disposition: TriageResult['disposition'] }[];
}

/** What the triager is shown: the subject as screened and the watchlist entity as matched (stored on the hit). */
function triageInputOf(r: UntriagedHit): TriageInput {
  const schema = r.entitySchema ?? (r.subjectRole === 'company' ? 'Company' : 'Person');
  return {
    hitId: r.hitId,
    subject: {
      subjectId: r.subjectId ?? '', name: r.subjectName ?? '', role: (r.subjectRole ?? 'director') as TriageInput['subject']['role'], schema,
      birthDate: r.subjectBirthDate, nationality: r.subjectNationality, country: r.subjectCountry,
    },
    match: {
      entityId: r.hitId, caption: r.caption ?? '', schema, score: r.score ?? 0,
      topics: r.topics, positions: r.positions, nationality: r.nationality, birthDates: r.birthDates, countries: r.countries, datasets: r.datasets,
      isPep: r.isPep, isSanctioned: r.isSanctioned,
    },
  };
}

/** A triager's answer if it has the port's shape (an LLM adapter's answer is untrusted input); null otherwise. */
function wellFormed(t: unknown): TriageResult | null {
  if (!t || typeof t !== 'object') return null;
  const r = t as Record<string, unknown>;
  if (!(TRIAGE_STATUSES as readonly unknown[]).includes(r.status) || !(DISPOSITIONS as readonly unknown[]).includes(r.disposition)) return null;
  if (typeof r.confidence !== 'number' || !Number.isFinite(r.confidence) || r.confidence < 0 || r.confidence > 100) return null;
  if (typeof r.shortReason !== 'string') return null;
  return { status: r.status as TriageResult['status'], disposition: r.disposition as TriageResult['disposition'], confidence: Math.round(r.confidence), shortReason: r.shortReason.slice(0, 280) };
}

const FAILED: TriageResult = { status: 'failed', confidence: 0, disposition: 'escalate', shortReason: 'Triage failed; an analyst should review this hit.' };

/**
 * Triages each of the case's screening hits that has no triage yet with the HitTriager, outside any
 * transaction (the triager may be a network call), then in one transaction stores each triage on its hit
 * (status, confidence, disposition, reason, and the engine's provider, model and promptVersion) and records
 * screening.hit.triaged for it. A triager that throws or answers out of shape stores status `failed`
 * (disposition `escalate`, confidence 0) and still records the event with status failed: the analyst sees
 * the hit needs a human. A hit triaged meanwhile by another run is left as it is, with no second event.
 */
export async function triageCaseHits(svc: Services, actor: Actor, ref: CaseRef, guard?: StepGuard): Promise<TriageCaseHitsResult> {
  authorize(actor, 'screening:run');
  assertOwnCase(actor, ref);
  const { orgId, casePk } = ref;
  const db = forTenant(svc.db, orgId);
  if (!(await findCaseRowByPk(db, casePk))) throw DomainError.notFound('Case');
  const hits = await listUntriagedHits(db, casePk);
  const triager = svc.triager;
  const outcomes: { row: UntriagedHit; result: TriageResult }[] = [];
  for (const row of hits) {
    let result: TriageResult | null;
    try {
      result = wellFormed(await triager.triage(triageInputOf(row)));
      if (!result) svc.log.warn({ hitId: row.hitId, provider: triager.provider }, 'hit triage answered out of shape; stored as failed');
    } catch (err) {
      // The adapter's message says what failed; it never carries a key (adapters keep secrets out of errors).
      svc.log.warn({ hitId: row.hitId, provider: triager.provider, error: (err as Error)?.message }, 'hit triage failed; stored as failed');
      result = null;
    }
    outcomes.push({ row, result: result ?? FAILED });
  }

  return inTransaction(svc, async (tx) => {
    if (guard && !(await guard.claim(tx))) return { done: false, triaged: [] };
    const at = svc.clock.now();
    const triaged: TriageCaseHitsResult['triaged'] = [];
    for (const { row, result } of outcomes) {
      const stored = await storeHitTriage(forTenant(tx.manager, orgId), casePk, row.hitId, {
        ...result, provider: triager.provider, model: triager.model, promptVersion: triager.promptVersion, at,
      });
      if (!stored) continue;
      triaged.push({ hitId: row.hitId, status: result.status, disposition: result.disposition });
      await recordEvent(tx, {
        orgId,
        type: 'screening.hit.triaged',
        case: { pk: casePk },
        fields: {
          hitId: row.hitId, subjectName: row.subjectName ?? row.caption ?? '', status: result.status, confidence: result.confidence,
          disposition: result.disposition, shortReason: result.shortReason, provider: triager.provider, model: triager.model,
          promptVersion: triager.promptVersion,
        },
      });
    }
    await guard?.done(tx);
    return { done: true, triaged };
  });
}
