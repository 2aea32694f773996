import pino, { type Logger } from 'pino';
import { currentRequest } from './request-context';

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

/**
 * JSON lines on stdout (or `destination`); every line written while a request is handled carries its id as
 * `reqId` (and, when the request is traced, its trace id as `traceId`). `format: 'pretty'` (LOG_FORMAT=pretty, development) writes through pino-pretty when it is
 * installed (a dev dependency), else JSON.
 */
export function createLogger(level: string, destination?: pino.DestinationStream, format: 'json' | 'pretty' = 'json'): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'svc' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    mixin: () => {
      const request = currentRequest();
      if (!request) return {};
      return request.traceId ? { reqId: request.requestId, traceId: request.traceId } : { reqId: request.requestId };
    },
  };
  if (format === 'pretty' && !destination) {
    try {
      return pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l' } } });
    } catch {
      // pino-pretty is a dev dependency: not installed in production, where JSON is what is wanted anyway.
    }
  }
  return pino(options, destination);
}
