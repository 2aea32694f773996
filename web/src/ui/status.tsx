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
export function ErrorNotice({ error, onRetry }: { error: RequestError; onRetry?: () => void }) {
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{TITLES[error.code] ?? 'Something went wrong'}</p>
      <p>{error.message}</p>
      {error.details.length ? (
        <ul>
          {error.details.map((d) => (
            <li key={d.path + d.message}>{d.path ? `${d.path}: ` : ''}{d.message}</li>
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
