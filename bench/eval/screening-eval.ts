import { WatchlistIndex } from '../../src/screening/watchlist/watchlist-index';
import type { EvalItem, EvalSet } from './screening-set';
import { EVAL_KINDS } from './screening-set';

/** One item's outcome: the score the matcher gave the listed entity for the query (0 when not a candidate at all). */
export interface ScoredItem extends EvalItem {
  score: number;
}

export interface Quality {
  threshold: number;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  precision: number;
  recall: number;
  f1: number;
}

/** Indexes the set's entities and scores every query against its listed entity. */
export function scoreEvalSet(set: EvalSet): { scored: ScoredItem[]; msPerQuery: number } {
  const index = new WatchlistIndex();
  for (const e of set.entities) index.add(e);
  const started = performance.now();
  const scored = set.items.map((item) => {
    const subject = { subjectId: 'eval', role: item.query.schema === 'Company' ? 'company' as const : 'director' as const, ...item.query };
    const found = index.search(subject, 0, 1_000).find((m) => m.entityId === item.entityId);
    return { ...item, score: found?.score ?? 0 };
  });
  return { scored, msPerQuery: (performance.now() - started) / Math.max(1, set.items.length) };
}

/** Precision, recall and F1 at a threshold: a match-labelled item at or above it is a true positive, a non-match one a false alarm. */
export function qualityAt(scored: readonly ScoredItem[], threshold: number): Quality {
  let tp = 0, fp = 0, fn = 0, tn = 0;
  for (const s of scored) {
    const hit = s.score >= threshold;
    if (s.label === 'match') {
      if (hit) tp++;
      else fn++;
    } else if (hit) fp++;
    else tn++;
  }
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { threshold, tp, fp, fn, tn, precision, recall, f1 };
}

const f3 = (x: number) => x.toFixed(3);

/** The report `npm run eval -- screening` prints: quality at the threshold, the curve, and misses and false alarms by kind. */
export function evalReport(scored: readonly ScoredItem[], threshold: number, examples = 3): string {
  const q = qualityAt(scored, threshold);
  const lines: string[] = [];
  lines.push(`items: ${scored.length} (${scored.filter((s) => s.label === 'match').length} match, ${scored.filter((s) => s.label === 'non-match').length} non-match)`);
  lines.push(`at threshold ${threshold}: precision ${f3(q.precision)}, recall ${f3(q.recall)}, F1 ${f3(q.f1)} (tp ${q.tp}, fp ${q.fp}, fn ${q.fn}, tn ${q.tn})`);
  lines.push('');
  lines.push('threshold  precision  recall  F1');
  for (let t = 0.5; t <= 0.951; t += 0.05) {
    const c = qualityAt(scored, Math.round(t * 100) / 100);
    lines.push(`${c.threshold.toFixed(2).padStart(9)}  ${f3(c.precision).padStart(9)}  ${f3(c.recall).padStart(6)}  ${f3(c.f1)}`);
  }
  lines.push('');
  lines.push('kind                          label      items  wrong  rate   mean score');
  for (const { kind, label } of EVAL_KINDS) {
    const of = scored.filter((s) => s.kind === kind);
    if (of.length === 0) continue;
    const wrong = of.filter((s) => (s.label === 'match' ? s.score < threshold : s.score >= threshold));
    const mean = of.reduce((a, s) => a + s.score, 0) / of.length;
    lines.push(`${kind.padEnd(30)}${label.padEnd(11)}${String(of.length).padStart(5)}  ${String(wrong.length).padStart(5)}  ${f3(wrong.length / of.length)}  ${f3(mean)}`);
  }
  const wrongOnes = scored.filter((s) => (s.label === 'match' ? s.score < threshold : s.score >= threshold));
  if (wrongOnes.length) {
    lines.push('');
    lines.push(`misses (match scored under ${threshold}) and false alarms (non-match at or over it), ${examples} per kind at most:`);
    for (const { kind } of EVAL_KINDS) {
      for (const s of wrongOnes.filter((w) => w.kind === kind).slice(0, examples)) {
        lines.push(`  ${s.label === 'match' ? 'miss ' : 'alarm'} ${kind}: "${s.query.name}" (${s.query.birthDate ?? '-'}, ${s.query.nationality ?? '-'}) vs ${s.entityId} score ${f3(s.score)}`);
      }
    }
  }
  return lines.join('\n');
}

export type { EvalItem, EvalSet };
