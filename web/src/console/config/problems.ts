// Validation answers of the risk model and decision policy editors: BAD_USER_INPUT with a `details` entry per
// problem, each with a path inside what was sent ("weights", "rules.0.conditions.all").
import { RequestError } from '../../lib/graphql';

/**
 * The error with its nested paths said in words ("rules.0.conditions.all" -> "Rule 0 › conditions › all") and,
 * when it lists problems, a message that introduces the list (`lead`: what did not happen) (the server's message repeats the first problem).
 * A nested path no longer ends in a form field's name, so a rule's `name` problem is not shown at the Name field.
 */
export function problemsToFix(error: RequestError | undefined, lead: string): RequestError | undefined {
  if (!error?.details.length) return error;
  const details = error.details.map((d) => {
    if (!d.path.includes('.')) return d;
    const [head, index, ...rest] = d.path.split('.');
    const start = head === 'rules' && index !== undefined && /^\d+$/.test(index) ? [`Rule ${index}`] : [head!, index!];
    return { path: [...start, ...rest].join(' › '), message: d.message };
  });
  const n = details.length;
  return new RequestError(`${lead}: ${n === 1 ? 'one problem' : `${n} problems`} to fix.`, error.code, error.reason, details);
}
