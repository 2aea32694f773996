import type { FeatureModule } from '../modules';
import type { Services, Tx } from '../services';
import type { MailMessage, MailReceipt } from './mailer';

/** One email of the mail outbox (src/mail), as its kind is given it. */
export interface OutboxMail {
  id: number;
  orgId: string;
  kind: string;
  /** The id of the owning feature's row the email is about (an invite, a member link, an intake code ...). */
  reference: number;
  /** Attempts made before this one. */
  attempts: number;
}

/** The message of one email, as a kind renders it (the outbox adds the tenant). */
export type RenderedMail = Omit<MailMessage, 'orgId'>;

/**
 * A kind's answer when there is nothing to send any more (the link was spent, the recipient removed, the
 * case's personal data purged ...): the email is failed with this reason as its last error.
 */
export interface Unsendable {
  unsendable: string;
}

/**
 * One kind of outgoing email, contributed by the feature that owns it (its module's `mail`): how to build
 * the message from that feature's rows, and how the feature reacts once the mail system accepted it or the
 * email was given up. The mail outbox (src/mail) keeps only the state of the sending; what an email says,
 * and its secret (a link token or a code, sealed), stay in the owning feature's row.
 */
export interface MailKind {
  /** Stored on each row of the outbox (`outgoing_mails.kind`); unique across features. */
  readonly kind: string;
  /** Builds the message, at each attempt, from the owning feature's data (nothing of it is stored in the outbox). */
  render(svc: Services, mail: OutboxMail): Promise<RenderedMail | Unsendable>;
  /**
   * The owning feature's reaction once the mail system accepted the message, in the transaction that marks
   * the email sent (once: a second job for the same email finds it sent). Events the email stands for are
   * recorded here, so only for an email really handed to the mail system.
   */
  onAccepted?(tx: Tx, mail: OutboxMail, accepted: { at: Date; receipt: MailReceipt }): Promise<void>;
  /** The reaction once the email is given up (retries used up, expired, unsendable), in the transaction that marks it failed. */
  onFailed?(tx: Tx, mail: OutboxMail): Promise<void>;
}

// The kernel's Services and FeatureModule (src/services.ts, src/modules.ts) know nothing of mail: this
// feature adds the fields that carry the kinds of email (declaration merging).
declare module '../services' {
  interface Services {
    /** The kinds of email the mail outbox sends, by name: each feature's module contributes its own (FeatureModule.mail). */
    mailKinds: ReadonlyMap<string, MailKind>;
  }
}

declare module '../modules' {
  interface FeatureModule {
    /** The kinds of email the feature sends through the mail outbox (src/mail): how each is rendered and what follows its acceptance. */
    mail?: MailKind[];
  }
}

/** Every module's kinds of email, by name; two modules may not contribute the same name. */
export function moduleMailKinds(modules: readonly FeatureModule[]): ReadonlyMap<string, MailKind> {
  const kinds = new Map<string, MailKind>();
  for (const kind of modules.flatMap((m) => m.mail ?? [])) {
    if (kinds.has(kind.kind)) throw new Error(`Two feature modules contribute the mail kind "${kind.kind}".`);
    kinds.set(kind.kind, kind);
  }
  return kinds;
}
