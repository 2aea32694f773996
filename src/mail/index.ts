export { type Mailer, type MailMessage, type MailReceipt, noMailer } from './mailer';
export { keepMailLocally, listLocalMail } from './keep-mail-locally';
export { renderBrandedEmail, escapeHtml, safeColor, safeLogoUrl, type Branding, type BrandedEmailInput } from './branded-email';
export { moduleMailKinds, type MailKind, type OutboxMail, type RenderedMail, type Unsendable } from './mail-kind';
export { queueMail, SEND_MAIL_TASK, sendMailJobKey } from './queue-mail';
export { deliverMail, MAIL_LEASE_MS, type MailOutcome } from './deliver-mail';
export { sweepMail, MAIL_SWEEP_GRACE_MS } from './sweep-mail';
export { mailStatuses, cancelMail, forgetMail, type MailState, type MailStatus } from './outgoing-mails.repository';
export { mailModule } from './module';
