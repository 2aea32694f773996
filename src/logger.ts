import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Paths that must never reach a log line. Values are replaced, not the lines dropped, so the event
 * stays visible. Invite links and tokens are never passed to the logger in the first place; this is
 * the second line of defence.
 */
export const REDACTED_PATHS = [
  'password', '*.password', 'secret', '*.secret', 'clientSecret', '*.clientSecret', 'client_secret', '*.client_secret',
  'token', '*.token', 'access_token', '*.access_token', 'refresh_token', '*.refresh_token', 'code', '*.code_verifier',
  'req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'link', '*.link', 'magicLink', '*.magicLink',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'svc' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    destination,
  );
}
