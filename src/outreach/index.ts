export { requestEddEvidence, type OutreachSentView } from './request-edd-evidence';
export { sendOutreach, ANALYST_OUTREACH_KINDS } from './send-outreach';
export { OUTREACH_KINDS, type OutreachKind } from './request-email';
export { REMINDER_TASK } from './reminder-jobs';
export { sendDueReminder, type ReminderOutcome } from './send-due-reminder';
export { sendDueRemindersOf } from './send-due-reminders-of';
export { sweepReminders } from './sweep-reminders';
export { unsubscribeFromReminders, unsubscribeUrl } from './unsubscribe';
export {
  getReminderSchedule, setReminderSchedule, DEFAULT_REMINDER_SCHEDULE, type ReminderSchedule, type ReminderScheduleView,
} from './reminder-schedule';
export {
  getCaseRequests, listPortalRequestedItems, type RequestedItemView, type ReminderStateView, type CaseRequestsView,
} from './requested-items';
export { outreachModule } from './module';
export { uploadPortalDocuments } from './upload-portal-documents';
export { purgeReminderRecipient, awaitingCustomerSince } from './requested-items.repository';
