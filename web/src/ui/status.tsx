import { Button } from 'react-aria-components';
import type { RequestError } from '../lib/graphql';

/** What each error code means, as a heading above the server's own words. */
const TITLES: Record<string, string> = {
  UNAUTHENTICATED: 'Please sign in',
  UNAUTHORIZED: 'Please sign in',
  FORBIDDEN: 'Not allowed',
  NOT_FOUND: 'Not found',
  BAD_USER_INPUT: 'Please check what you entered',
  BAD_REQUEST: 'Please check what you entered',
  CONFLICT: 'This clashes with something that already exists',
  RATE_LIMITED: 'Too many attempts',
  TOO_MANY_REQUESTS: 'Too many attempts',
  PAYLOAD_TOO_LARGE: 'Too large',
  SERVICE_UNAVAILABLE: 'The service is busy',
  NETWORK: 'No connection',
  BAD_RESPONSE: 'Something went wrong',
  INTERNAL_SERVER_ERROR: 'Something went wrong',
};

/** An error in words: a heading for its code, the server's message, field details, and Try again when given. */
/**
 * A field's path in words for the person at the form: its last name, split where the case changes, with a
 * list position counted from 1 (`companyProfile.website` → "Website", `eventTypes[2]` → "Event types, item 3").
 */
export function fieldWords(path: string): string {
  const parts = path.split(/[.[\]]+/).filter(Boolean);
  let index: number | null = null;
  while (parts.length > 1 && /^\d+$/.test(parts[parts.length - 1])) index = Number(parts.pop());
  const name = (parts[parts.length - 1] ?? path).replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();
  const words = name.charAt(0).toUpperCase() + name.slice(1);
  return index === null ? words : `${words}, item ${index + 1}`;
}

function repeatsFirstDetail(error: RequestError): boolean {
  const first = error.details[0];
  return !!first?.path && error.message === `${first.path}: ${first.message}`;
}

export function ErrorNotice({ error, onRetry }: { error: RequestError; onRetry?: () => void }) {
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{TITLES[error.code] ?? 'Something went wrong'}</p>
      {/* A validation message that is its first detail prefixed with the field's path is said by the list below, in words. */}
      {repeatsFirstDetail(error) ? null : <p>{error.message}</p>}
      {error.details.length ? (
        <ul>
          {error.details.map((d) => (
            <li key={d.path + d.message}>{d.path ? `${fieldWords(d.path)}: ` : ''}{d.message}</li>
          ))}
        </ul>
      ) : null}
      {onRetry ? <Button className="button" onPress={onRetry}>Try again</Button> : null}
    </div>
  );
}

/** A loading state that screen readers announce. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}
