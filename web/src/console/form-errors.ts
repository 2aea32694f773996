import { RequestError } from '../lib/graphql';

/** "must be at least 12 characters" -> "Must be at least 12 characters." (the server's words, as a sentence). */
export function sentence(message: string): string {
  const s = message.trim();
  if (!s) return s;
  return s[0]!.toUpperCase() + s.slice(1) + (/[.!?]$/.test(s) ? '' : '.');
}

/**
 * Splits a BAD_USER_INPUT answer's details into the errors shown next to the form's own fields (for React
 * Aria's Form `validationErrors`, keyed by field name) and the error left for the notice above the button
 * (its message, with the details that belong to no field of this form).
 */
export function splitFieldErrors(error: RequestError | undefined, fields: readonly string[]): { fieldErrors: Record<string, string>; rest: RequestError | undefined } {
  if (!error || !error.details.length) return { fieldErrors: {}, rest: error };
  const fieldErrors: Record<string, string> = {};
  for (const d of error.details) {
    const name = d.path.split('.').at(-1) ?? d.path;
    if (fields.includes(name) && !fieldErrors[name]) fieldErrors[name] = sentence(d.message);
  }
  const others = error.details.filter((d) => !fields.includes(d.path.split('.').at(-1) ?? d.path));
  if (!others.length && Object.keys(fieldErrors).length) {
    return { fieldErrors, rest: undefined };
  }
  return { fieldErrors, rest: new RequestError(error.message, error.code, error.reason, others) };
}
