import type { Services } from '../services';

/** What to do after an email the mail server did not accept: the attempt count, the error to keep, and the next try or none. */
export interface MailRetryPlan {
  /** Attempts made, this one included. */
  attempts: number;
  /** The failure's message, cut to what the row keeps (never the message body). */
  message: string;
  /** No further try: MAIL_RETRY_SCHEDULE is used up, or the next try would fall at or after `notAfter`. */
  final: boolean;
  /** When to try again (null when final). */
  nextAt: Date | null;
}

/**
 * The retry plan of an email of the mail outbox after a refused send: the next wait comes from
 * MAIL_RETRY_SCHEDULE; `notAfter` (the email's sendBefore: a link's or a code's expiry) ends it sooner.
 */
export function planMailRetry(svc: Services, previousAttempts: number, err: unknown, notAfter?: Date): MailRetryPlan {
  const attempts = previousAttempts + 1;
  const wait = svc.config.mailRetryScheduleMs[attempts - 1];
  const at = wait === undefined ? null : new Date(svc.clock.now().getTime() + wait);
  const final = at === null || (notAfter !== undefined && at.getTime() >= notAfter.getTime());
  return { attempts, message: String((err as Error)?.message ?? err).slice(0, 1000), final, nextAt: final ? null : at };
}
