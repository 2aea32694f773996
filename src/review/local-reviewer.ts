import type { Clock } from '../ports';
import { countryCodeOf } from '../countries';
import type { CaseReviewer, CaseReviewFacts, CaseReviewResult } from './case-reviewer';

type Severity = CaseReviewResult['riskFactors'][number]['severity'];
interface Factor { text: string; severity: Severity }

/**
 * Offshore financial centres an onboarding review points out (an indicative list: the tenant's risk
 * model, with its own country list, is what scores a country).
 */
export const OFFSHORE_JURISDICTIONS: Readonly<Record<string, string>> = {
  AD: 'Andorra', AG: 'Antigua and Barbuda', AI: 'Anguilla', BB: 'Barbados', BM: 'Bermuda', BS: 'the Bahamas', BZ: 'Belize',
  CK: 'the Cook Islands', CW: 'Curaçao', GG: 'Guernsey', GI: 'Gibraltar', IM: 'the Isle of Man', JE: 'Jersey', KN: 'Saint Kitts and Nevis',
  KY: 'the Cayman Islands', LC: 'Saint Lucia', LI: 'Liechtenstein', LR: 'Liberia', MC: 'Monaco', MH: 'the Marshall Islands', MS: 'Montserrat',
  MU: 'Mauritius', NR: 'Nauru', NU: 'Niue', PA: 'Panama', SC: 'Seychelles', TC: 'the Turks and Caicos Islands', VC: 'Saint Vincent and the Grenadines',
  VG: 'the British Virgin Islands', VU: 'Vanuatu', WS: 'Samoa',
};

const COMPANY_EVIDENCE = new Set(['certificate_of_incorporation', 'register_extract']);
const IDENTITY_EVIDENCE = new Set(['passport', 'id_card', 'government_id', 'national_id']);
const SEVERITY_ORDER: Severity[] = ['HIGH', 'MEDIUM', 'LOW'];
const DAY_MS = 86_400_000;

/** `Certificate of Incorporation` and `certificate_of_incorporation` alike. */
const typeKey = (t: string | null) => (t ?? '').trim().toLowerCase().replace(/[^a-z0-9]+/g, '_');
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const arr = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.map(obj) : []);
const offshore = (v: unknown): string | null => {
  const code = countryCodeOf(str(v));
  return code && OFFSHORE_JURISDICTIONS[code] ? OFFSHORE_JURISDICTIONS[code] : null;
};

/**
 * The local CaseReviewer (REVIEW_PROVIDER=local): deterministic rules over the case's facts, no network.
 * Risk factors with severities from the screening hits (by the analyst's disposition, else the AI
 * triage), the documents (in error, escalated, Low confidence, warnings, missing company or identity
 * evidence), the risk band, the application (missing, incomplete, offshore company or owners, a young
 * company, no declared UBO). Decline on a confirmed sanctions match or a prohibited band; Refer while
 * any HIGH or MEDIUM factor remains; Approve otherwise. The clock dates the company's age.
 */
export class LocalCaseReviewer implements CaseReviewer {
  readonly name = 'local';

  constructor(private readonly clock: Clock) {}

  async review(facts: CaseReviewFacts): Promise<CaseReviewResult> {
    const factors: Factor[] = [];
    const add = (severity: Severity, text: string) => factors.push({ severity, text });
    let decline = false;

    // Screening: the analyst's disposition decides; the AI triage is a first opinion until then.
    for (const h of facts.hits) {
      const who = `${h.subjectName ?? 'A screened party'}${h.subjectRole ? ` (${h.subjectRole})` : ''}`;
      const ref = `hit ${h.hitId}`;
      if (h.disposition === 'false_positive') continue;
      if (h.isSanctioned) {
        if (h.disposition === 'true_match') {
          decline = true;
          add('HIGH', `Confirmed sanctions match: ${who} is the listed party (${ref}).`);
        } else if (h.disposition === 'escalate') add('HIGH', `Sanctions hit on ${who} was escalated by an analyst and is unresolved (${ref}).`);
        else if (h.triageDisposition === 'true_match') add('HIGH', `AI triage judges the sanctions hit on ${who} a true match; no analyst has confirmed it (${ref}).`);
        else if (h.triageDisposition === 'false_positive') add('HIGH', `Sanctions hit on ${who} judged a false positive by AI triage; an analyst must confirm it before it is cleared (${ref}).`);
        else add('HIGH', `Unresolved sanctions hit on ${who} (${ref}).`);
      } else if (h.isPep) {
        if (h.disposition === 'true_match') add('MEDIUM', `${who} is a politically exposed person: enhanced due diligence applies (${ref}).`);
        else if (h.disposition !== 'escalate' && h.triageDisposition === 'false_positive') {
          add('MEDIUM', `Possible PEP match on ${who} judged a false positive by AI triage; an analyst must confirm it before it is cleared (${ref}).`);
        } else add('MEDIUM', `Possible PEP match on ${who} is unresolved (${ref}).`);
      } else if (h.disposition === 'true_match') add('MEDIUM', `Adverse screening finding on ${who} confirmed by an analyst (${ref}).`);
      else add('LOW', `Unresolved screening hit on ${who} (${ref}).`);
    }

    // Documents.
    if (facts.documents.length === 0) add('HIGH', 'No documents are on file.');
    for (const d of facts.documents) {
      const what = `Document ${d.id}${d.documentType ? ` (${d.documentType})` : ''}`;
      if (d.status === 'error') add('MEDIUM', `${what} could not be read.`);
      else if (d.status === 'escalated') add('MEDIUM', `${what} was escalated by an analyst.`);
      else if (d.status === 'processing') add('LOW', `${what} is still being read.`);
      else if (d.confidence === 'Low') add('MEDIUM', `${what} was read with Low confidence.`);
      if (d.status !== 'error' && d.warnings.length) {
        add('LOW', `${what} has ${d.warnings.length === 1 ? 'a warning' : `${d.warnings.length} warnings`}: ${d.warnings[0]!.slice(0, 200)}`);
      }
    }
    const readTypes = new Set(facts.documents.filter((d) => d.status !== 'error').map((d) => typeKey(d.documentType)));
    const app = facts.application;
    const ownership = obj(app?.ownership);
    const directors = arr(ownership.directors);
    const ubos = arr(ownership.ubos);
    if (facts.documents.length) {
      if (![...readTypes].some((t) => COMPANY_EVIDENCE.has(t))) add('MEDIUM', 'No certificate of incorporation or register extract is on file.');
      if ((directors.length || ubos.length) && ![...readTypes].some((t) => IDENTITY_EVIDENCE.has(t))) {
        add('MEDIUM', 'No passport or ID card is on file for the directors or UBOs.');
      }
    }

    // Risk.
    const risk = facts.risk;
    const score = risk ? ` (score ${Number(risk.compositeScore.toFixed(2))})` : '';
    if (!risk) add('LOW', 'No risk assessment has been made yet.');
    else if (risk.band === 'prohibited') {
      decline = true;
      add('HIGH', `Risk band prohibited${score}.`);
    } else if (risk.band === 'high') add('HIGH', `Risk band high${score}.`);
    else if (risk.band === 'medium') add('MEDIUM', `Risk band medium${score}.`);

    // The application.
    if (!app) add('HIGH', 'No application has been submitted.');
    else {
      const missing = (Array.isArray(app.missingForSubmission) ? (app.missingForSubmission as unknown[]) : []).filter((p) => p !== 'documents').map(String);
      if (missing.length) {
        add('MEDIUM', `The application is incomplete: ${missing.length} ${missing.length === 1 ? 'item is' : 'items are'} missing (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}).`);
      }
      const company = obj(app.companyProfile);
      const companyOffshore = offshore(company.country);
      if (companyOffshore) add('MEDIUM', `The company is incorporated in ${companyOffshore}, an offshore jurisdiction.`);
      const seen = new Set<string>();
      for (const [kind, list] of [['UBO', ubos], ['Director', directors]] as const) {
        for (const o of list) {
          const name = str(o.name) ?? 'unnamed';
          const place = offshore(o.countryOfResidence) ?? offshore(o.nationality);
          if (!place || seen.has(name.toLowerCase())) continue;
          seen.add(name.toLowerCase());
          add(kind === 'UBO' ? 'MEDIUM' : 'LOW', `${kind} ${name} is resident in or a national of ${place}, an offshore jurisdiction.`);
        }
      }
      const incorporated = str(company.incorporationDate);
      const ageDays = incorporated ? (this.clock.now().getTime() - Date.parse(`${incorporated.slice(0, 10)}T00:00:00Z`)) / DAY_MS : NaN;
      if (ageDays >= 0 && ageDays < 365) add('MEDIUM', `The company was incorporated less than a year ago (${incorporated!.slice(0, 10)}).`);
      else if (ageDays >= 365 && ageDays < 730) add('LOW', `The company was incorporated less than two years ago (${incorporated!.slice(0, 10)}).`);
      if (ownership.hasUbos === false) add('LOW', 'No person owning or controlling 25% or more is declared.');
    }

    const riskFactors = SEVERITY_ORDER.flatMap((s) => factors.filter((f) => f.severity === s));
    const has = (s: Severity) => factors.some((f) => f.severity === s);
    let recommendation: CaseReviewResult['recommendation'];
    let confidence: CaseReviewResult['confidence'];
    if (decline) [recommendation, confidence] = ['Decline', 'High'];
    else if (has('HIGH')) [recommendation, confidence] = ['Refer', 'High'];
    else if (has('MEDIUM')) [recommendation, confidence] = ['Refer', 'Medium'];
    else [recommendation, confidence] = ['Approve', !risk ? 'Low' : has('LOW') ? 'Medium' : 'High'];
    return { recommendation, confidence, riskFactors };
  }
}
