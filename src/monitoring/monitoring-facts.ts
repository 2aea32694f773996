import { createHash } from 'node:crypto';
import type { ScreeningMatch } from '../screening/index';

/** An alert's kind (monitoring.alert.created's alertType). */
export type AlertType = 'sanctions_hit' | 'pep_change' | 'structure_change' | 'adverse_media';
export type Severity = 'low' | 'medium' | 'high';

/**
 * One fact a check sees on a case. factKey is its stable identity (`sanctions_hit:ubo_0:<entity id>`,
 * `structure_change:company`, `adverse_media:dir_1:<article id>`); fingerprint a hash of its content (the
 * topics and datasets of a listing, a PEP's positions, the registry's structure, an article's title and
 * topics). An alert is raised when the fact is new, its fingerprint changed, or it had gone and came back.
 */
export interface ObservedFact {
  factKey: string;
  fingerprint: string;
  alertType: AlertType;
  severity: Severity;
  title: string;
  detail: string;
  subjectRole: string | null;
  subjectRef: string | null;
  /** For rescreening facts: the screening subject and watchlist entity, to compare with the onboarding hits. */
  baseline?: { subjectId: string; hitId: string };
}

const sorted = (xs: readonly string[] | null | undefined) => [...new Set(xs ?? [])].sort();

export function fingerprintOf(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** A sanctions listing's content: its topics and the lists (datasets) that carry it. */
export function sanctionsFingerprint(m: { topics: readonly string[]; datasets: readonly string[] | null }): string {
  return fingerprintOf(['sanctions', sorted(m.topics), sorted(m.datasets)]);
}

/** A PEP's content: topics and positions held (a new position is a PEP change). */
export function pepFingerprint(m: { topics: readonly string[]; positions: readonly string[] }): string {
  return fingerprintOf(['pep', sorted(m.topics), sorted(m.positions)]);
}

/** The facts of one screening match: a sanctions listing, or (not sanctioned) a PEP role; other matches raise nothing. */
export function factsOfMatch(m: ScreeningMatch, subject: { ref: string; role: string; subjectId: string }): ObservedFact[] {
  const baseline = { subjectId: subject.subjectId, hitId: m.entityId };
  const lists = sorted(m.datasets).join(', ') || 'the watchlist';
  if (m.isSanctioned) {
    return [{
      factKey: `sanctions_hit:${subject.ref}:${m.entityId}`, fingerprint: sanctionsFingerprint(m), alertType: 'sanctions_hit', severity: 'high',
      title: `Sanctions match on ${subject.role} ${subject.ref}`,
      detail: `Watchlist entity ${m.entityId} (${m.schema}, score ${m.score}) is listed on ${lists}; topics: ${sorted(m.topics).join(', ') || 'none'}.`,
      subjectRole: subject.role, subjectRef: subject.ref, baseline,
    }];
  }
  if (m.isPep) {
    return [{
      factKey: `pep_change:${subject.ref}:${m.entityId}`, fingerprint: pepFingerprint(m), alertType: 'pep_change', severity: 'medium',
      title: `PEP status change on ${subject.role} ${subject.ref}`,
      detail: `Watchlist entity ${m.entityId} (score ${m.score}) is a politically exposed person: ${m.positions.length} position(s) held; topics: ${sorted(m.topics).join(', ')}.`,
      subjectRole: subject.role, subjectRef: subject.ref, baseline,
    }];
  }
  return [];
}

/** A fact's family prefixes per check: a check that ran `ok` settles every fact of its families (the ones it no longer sees are gone). */
export const CHECK_FAMILIES: Record<string, string[]> = {
  rescreening: ['sanctions_hit:', 'pep_change:'],
  registry_refresh: ['structure_change:'],
  adverse_media: ['adverse_media:'],
};

export interface KnownFact {
  fingerprint: string;
  present: boolean;
}

/** What one run does with its case's facts: the alerts to raise and the fact rows to write. */
export interface FactDiff {
  alerts: ObservedFact[];
  writes: { factKey: string; fingerprint: string; present: boolean }[];
}

/**
 * Compares what the checks saw with the case's known facts. Seen and unknown: an alert (unless the
 * onboarding screening already knew the same listing: `baselineFingerprint` equal, then it is only
 * recorded). Seen with another fingerprint, or seen again after it had gone: an alert (a repeat of the
 * same fact). Seen unchanged: nothing. Known, present, in a family whose check ran ok, and not seen: gone.
 */
export function diffFacts(
  observed: ObservedFact[], known: Map<string, KnownFact>, settledFamilies: string[], baselineFingerprint: (f: ObservedFact) => string | null,
): FactDiff {
  const alerts: ObservedFact[] = [];
  const writes: FactDiff['writes'] = [];
  const seen = new Set<string>();
  for (const f of observed) {
    if (seen.has(f.factKey)) continue;
    seen.add(f.factKey);
    const k = known.get(f.factKey);
    if (k && k.present && k.fingerprint === f.fingerprint) continue;
    if (!k && baselineFingerprint(f) === f.fingerprint) {
      writes.push({ factKey: f.factKey, fingerprint: f.fingerprint, present: true });
      continue;
    }
    alerts.push(f);
    writes.push({ factKey: f.factKey, fingerprint: f.fingerprint, present: true });
  }
  for (const [factKey, k] of known) {
    if (!k.present || seen.has(factKey) || !settledFamilies.some((p) => factKey.startsWith(p))) continue;
    writes.push({ factKey, fingerprint: k.fingerprint, present: false });
  }
  return { alerts, writes };
}
