import { DateTime, Nullable, OptionalText, StringEnum, Type, type Static } from '../wire';

/**
 * Invite states, its email's in the mail outbox: `pending` (to be sent, or between retries), `sent` (the
 * mail system accepted it), `failed` (every retry of MAIL_RETRY_SCHEDULE failed, or the link expired or was
 * erased first), `not_sent` (created with sendInvite false: the link exists, the CRM delivers it).
 */
export const INVITE_STATES = ['pending', 'sent', 'failed', 'not_sent'] as const;
export type InviteState = (typeof INVITE_STATES)[number];

/** The invite as the case shows it (GET /v1/cases/{caseId}). */
export const InviteStatusSchema = Type.Object({
  status: StringEnum(INVITE_STATES, {
    description: '`pending` until the mail server accepts it (retried on failure), `not_sent` when created with sendInvite false.',
  }),
  deliveredAt: Nullable(DateTime(), { description: 'When the mail system accepted the email; null until then.' }),
  attempts: Type.Integer({ minimum: 0 }),
  lastError: OptionalText(),
  expiresAt: DateTime(),
  usedAt: Nullable(DateTime()),
});
export type InviteStatusView = Static<typeof InviteStatusSchema>;
