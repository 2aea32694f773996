import { forTenant } from '../db/index';
import { isDeepStrictEqual } from 'node:util';
import type { Actor } from '../access/index';
import { lockCaseStatus, markReviewConfirmed } from '../cases/index';
import { inTransaction } from '../db/transaction';
import { DomainError, isDomainError, type ValidationDetail } from '../errors';
import { recordEvent } from '../events/record-event';
import { assertSchema } from '../schema';
import type { Services } from '../services';
import { checkDraft, portalCaseOf, refuseUnlessEditable, writeDraft } from '../cases/index';
import {
  ApplicationDraftSchema, CompanyProfileDraftSchema, OwnerDraftSchema, ReviewConfirmSchema,
  type ApplicationDraft, type OwnerDraft, type SubmittedView,
} from '../cases/index';
import { buildReview, type ReviewSection } from './review';
import { submitCase } from './submit-case';

export interface ConfirmedReview {
  confirmedAt: string;
  /** Corrections that changed a value (data.corrected's amendmentCount; 0 when none, and then no event). */
  amendmentCount: number;
  /** The submission, when confirming submitted the case (a case that came in through document upload). */
  submitted: SubmittedView | null;
}

/** The application draft's paths as the review names them (`companyProfile.x` is `company.x`, `ownership.ubos.1.x` is `ubos.1.x`). */
const reviewPath = (path: string) => path.replace(/^companyProfile\./, 'company.').replace(/^ownership\./, '');

/**
 * review.confirm: the customer confirms the extracted data, with corrections. Each amendment names a
 * section and field of review.get and its correctedValue, checked by that field's own rule
 * (errors at `amendments.<i>.correctedValue`). The confirmed values (a correction, else the
 * application's value, else the extracted one) are written to the application, and the corrections
 * that change a value are recorded as one data.corrected (source customer_review, amendmentCount,
 * amendments with originalValue and correctedValue). On a case that came in through document upload,
 * confirming is its submission (case.submitted with source doc_upload, see submitCase) in the same
 * transaction; on any other case it records the confirmation and application.submit submits. Refused
 * (conflict) while documents await extraction and once the case is submitted.
 */
export async function confirmReview(svc: Services, actor: Actor, input: { amendments: unknown; caseId?: string }): Promise<ConfirmedReview> {
  const c = await portalCaseOf(svc.db, actor, input.caseId);
  refuseUnlessEditable(c);
  const { amendments } = assertSchema(ReviewConfirmSchema, { amendments: input.amendments });
  return inTransaction(svc, async (tx) => {
    const orgId = actor.orgId;
    const db = forTenant(tx.manager, actor);
    const casePk = Number(c.pk);
    refuseUnlessEditable({ status: (await lockCaseStatus(db, casePk)) ?? 'approved' });
    const review = await buildReview(db, c);
    if (review.documents.awaitingExtraction > 0) {
      throw new DomainError('conflict', 'Your documents are still being read. Review and confirm once they are done.');
    }

    // Each amendment: a known section and field, a value its field's rule accepts, once per field.
    const details: ValidationDetail[] = [];
    const corrections = new Map<string, unknown>();
    amendments.forEach((a, i) => {
      const section = review.sections.find((s) => s.section === a.section);
      if (!section) return void details.push({ path: `amendments.${i}.section`, message: `must be one of ${review.sections.map((s) => s.section).join(', ')}` });
      if (!section.fields.some((f) => f.field === a.field)) {
        return void details.push({ path: `amendments.${i}.field`, message: `must be one of ${section.fields.map((f) => f.field).join(', ')}` });
      }
      const key = `${a.section}|${a.field}`;
      if (corrections.has(key)) return void details.push({ path: `amendments.${i}`, message: 'corrects a field another amendment already corrects' });
      const rule = (section.kind === 'company' ? CompanyProfileDraftSchema : OwnerDraftSchema).properties[a.field as never];
      try {
        assertSchema(rule, a.correctedValue, `amendments.${i}.correctedValue`);
      } catch (err) {
        if (!isDomainError(err)) throw err;
        details.push(...((err.extra.details as ValidationDetail[] | undefined) ?? []));
      }
      corrections.set(key, a.correctedValue);
    });
    if (details.length) throw DomainError.validation(details);

    // The confirmed values, as one draft of the whole application, checked by save's rules.
    const changed: { section: string; field: string; originalValue: unknown; correctedValue: unknown }[] = [];
    const finalValues = (s: ReviewSection): Record<string, unknown> => Object.fromEntries(s.fields.map((f) => {
      const key = `${s.section}|${f.field}`;
      if (!corrections.has(key)) return [f.field, f.value];
      const correctedValue = corrections.get(key);
      if (!isDeepStrictEqual(correctedValue, f.value)) changed.push({ section: s.section, field: f.field, originalValue: f.value, correctedValue });
      return [f.field, correctedValue];
    }));
    const owners = (kind: 'director' | 'ubo') => review.sections.filter((s) => s.kind === kind).map((s) => {
      const values = finalValues(s);
      const owner: Record<string, unknown> = s.personKey ? { personKey: s.personKey } : {};
      for (const [k, v] of Object.entries(values)) if (v !== null || k === 'name') owner[k] = v;
      return owner as OwnerDraft;
    });
    const company = finalValues(review.sections[0]!);
    const draftInput = {
      companyProfile: Object.fromEntries(Object.entries(company).filter(([k, v]) => v !== null || !['transactsInternationally', 'internationalCountries'].includes(k))),
      ownership: { directors: owners('director'), ubos: owners('ubo') },
    };
    let draft: ApplicationDraft;
    try {
      draft = checkDraft(assertSchema(ApplicationDraftSchema, draftInput), svc.clock.now().toISOString().slice(0, 10));
    } catch (err) {
      if (!isDomainError(err) || err.code !== 'validation_failed') throw err;
      const problems = ((err.extra.details as ValidationDetail[] | undefined) ?? []).map((d) => ({ path: reviewPath(d.path), message: `${d.message} (correct it with an amendment)` }));
      throw DomainError.validation(problems);
    }
    await writeDraft(tx, orgId, casePk, draft);
    const now = svc.clock.now();
    await markReviewConfirmed(db, casePk, now);
    if (changed.length) {
      await recordEvent(tx, {
        orgId, type: 'data.corrected', case: { pk: casePk },
        fields: { source: 'customer_review', amendmentCount: changed.length, amendments: changed },
      });
    }
    const submitted = c.source === 'doc_upload' ? await submitCase(tx, actor, c, 'doc_upload') : null;
    return { confirmedAt: now.toISOString(), amendmentCount: changed.length, submitted };
  });
}
