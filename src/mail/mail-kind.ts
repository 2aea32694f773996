import type { Services, Tx } from '../services';
import type { MailMessage, MailReceipt } from './mailer';

/** One email of the outbox, as its kind's handler is given it. */
export interface OutboxMail {
  id: number;
  orgId: string;
  kind: string;
  /** The id of the owning feature's row the email is about (an invite, a member link, an intake code ...). */
  reference: number;
  /** Attempts made before this one. */
  attempts: number;
}

/** The message of one email, as render builds it (the outbox adds the tenant). */
export type RenderedMail = Omit<MailMessage, 'orgId'>;

/**
 * Render's answer when there is nothing to send any more (the link was spent, the recipient removed, the
 * case's personal data purged ...): the email is failed with this reason, kept as its last error.
 */
export interface Unsendable {
  unsendable: string;
}

/**
 * What one kind of outgoing email is, told to the outbox by the feature that owns it: how to build the
 * message from that feature's rows, and how the feature reacts once the mail system accepted it or the
 * email is given up. A kind's secrets (a raw link token, a code) stay in the owning feature's row (sealed,
 * as before); the outbox keeps only the state of the sending.
 */
export interface MailKind {
  /** Stored on each row (`outgoing_mails.kind`); unique across features. */
  kind: string;
  /** Builds the message, at each attempt, from the owning feature's data (never stored in the outbox). */
  render(svc: Services, mail: OutboxMail): Promise<RenderedMail | Unsendable>;
  /**
   * The owning feature's reaction once the mail system accepted the message, in the transaction that
   * marks the email sent (run once: a second job for the same email finds it sent). Events the email
   * stands for are recorded here, so only for an email really handed to the mail system.
   */
  onAccepted?(tx: Tx, mail: OutboxMail, accepted: { at: Date; receipt: MailReceipt }): Promise<void>;
  /** The reaction once the email is given up (retries used up, expired, unsendable), in the transaction that marks it failed. */
  onFailed?(tx: Tx, mail: OutboxMail): Promise<void>;
}

const kinds = new Map<string, MailKind>();

/**
 * Tells the outbox about a kind of email. The owning feature calls it from its module (src/<feature>/module.ts),
 * so every process that loads the feature (the worker loads every module) can send its emails. Returns the kind.
 */
export function registerMailKind(kind: MailKind): MailKind {
  const known = kinds.get(kind.kind);
  if (known && known !== kind) throw new Error(`Mail kind ${kind.kind} is registered twice.`);
  kinds.set(kind.kind, kind);
  return kind;
}

/** The registered kind of that name, if any. */
export function mailKindOf(kind: string): MailKind | undefined {
  return kinds.get(kind);
}
