// `npm run eval -- <scenario> [options]`: quality evaluations (not timings; those are `npm run bench`).
import { loadConfig } from '../../src/config';
import { evalReport, scoreEvalSet } from './screening-eval';
import { screeningEvalSet } from './screening-set';

/**
 * `npm run eval -- screening [--seed N] [--per-kind N] [--distractors N] [--threshold T] [--examples N]`: the local matcher on the
 * generated labelled set (bench/eval/screening-set.ts): precision, recall and F1 at the threshold (default
 * SCREENING_MATCH_THRESHOLD, 0.7), the curve from 0.5 to 0.95, and misses and false alarms by kind. Another
 * seed is a held-out set of the same kinds. The distractors (default 20,000 other listed entities) make the
 * index's blocking realistic: a query's listed entity must still be among the names it scores.
 */
function screening(args: string[]): void {
  const opt = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const seed = Number(opt('seed') ?? 27);
  const perKind = Number(opt('per-kind') ?? 60);
  const threshold = Number(opt('threshold') ?? defaultThreshold());
  const set = screeningEvalSet({ seed, perKind, distractors: Number(opt('distractors') ?? 20_000) });
  const { scored, msPerQuery } = scoreEvalSet(set);
  process.stdout.write(`screening evaluation: seed ${seed}, ${perKind} items per kind, ${set.entities.length} listed entities; ${msPerQuery.toFixed(2)} ms a query\n`);
  process.stdout.write(`${evalReport(scored, threshold, Number(opt('examples') ?? 3))}\n`);
}

function defaultThreshold(): number {
  try {
    return loadConfig().screeningMatchThreshold;
  } catch {
    return 0.7;
  }
}

const SCENARIOS: Record<string, (args: string[]) => void> = { screening };

const [name, ...rest] = process.argv.slice(2);
const scenario = name ? SCENARIOS[name] : undefined;
if (!scenario) {
  process.stderr.write(`Usage: npm run eval -- <scenario>\nScenarios: ${Object.keys(SCENARIOS).join(', ')}\n`);
  process.exit(1);
}
scenario(rest);
