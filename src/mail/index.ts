export { type Mailer, type MailMessage, type MailReceipt, noMailer } from './mailer';
export { keepMailLocally, listLocalMail } from './keep-mail-locally';
export { planMailRetry, type MailRetryPlan } from './mail-retry';
export { renderBrandedEmail, escapeHtml, safeColor, safeLogoUrl, type Branding, type BrandedEmailInput } from './branded-email';
