import { useState } from 'react';
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
export function splitFieldErrors(error: RequestError | undefined, fields: readonly string[]): Split {
  if (!error || !error.details.length) return { fieldErrors: NO_ERRORS, rest: error };
  // The same answer gives the same object: React Aria shows the errors until the user edits a field, and
  // starts over whenever `validationErrors` is a new object (so a new object on every render would keep
  // the field invalid and the browser would refuse to submit the form again).
  const key = fields.join(',');
  let byFields = cache.get(error);
  if (!byFields) cache.set(error, (byFields = new Map()));
  const known = byFields.get(key);
  if (known) return known;
  const split = splitOnce(error, fields);
  byFields.set(key, split);
  return split;
}

type Split = { fieldErrors: Record<string, string>; rest: RequestError | undefined };
const NO_ERRORS: Record<string, string> = Object.freeze({}) as Record<string, string>;
const cache = new WeakMap<RequestError, Map<string, Split>>();

function splitOnce(error: RequestError, fields: readonly string[]): Split {
  const fieldErrors: Record<string, string> = {};
  for (const d of error.details) {
    const name = d.path.split('.').at(-1) ?? d.path;
    if (fields.includes(name) && !fieldErrors[name]) fieldErrors[name] = sentence(d.message);
  }
  const others = error.details.filter((d) => !fields.includes(d.path.split('.').at(-1) ?? d.path));
  if (!others.length && Object.keys(fieldErrors).length) {
    return { fieldErrors, rest: undefined };
  }
  // One detail that the message already says ("token: This link is invalid ..."): the detail's words alone.
  const [only] = others;
  if (others.length === 1 && only && error.message === `${only.path}: ${only.message}`) {
    return { fieldErrors, rest: new RequestError(sentence(only.message), error.code, error.reason, []) };
  }
  return { fieldErrors, rest: new RequestError(error.message, error.code, error.reason, others) };
}

/**
 * The server's field errors for React Aria's Form `validationErrors`, each cleared as soon as its field is
 * edited (call `edited(name)` from the field's onChange). React Aria itself clears a server error only on
 * the input's `change` event (blur), too late for the click on the submit button that causes the blur: the
 * browser would still see the field invalid and swallow that first click.
 */
export function useFieldErrors(error: RequestError | undefined, fields: readonly string[]) {
  const split = splitFieldErrors(error, fields);
  const [state, setState] = useState<{ source: Split; errors: Record<string, string> }>({ source: split, errors: split.fieldErrors });
  const fieldErrors = state.source === split ? state.errors : split.fieldErrors;
  const edited = (name: string) => {
    if (!(name in fieldErrors)) return;
    const { [name]: _gone, ...others } = fieldErrors;
    setState({ source: split, errors: others });
  };
  return { fieldErrors, rest: split.rest, edited };
}
