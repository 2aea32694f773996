import type { FeatureModule } from '../platform/index';
import { memberLinkMail } from './member-link.mail';
import { SUSPEND_INACTIVE_MEMBERS_TASK, suspendInactiveMembersTask } from './suspend-inactive-members.task';

/** Members: the console's password-reset and invitation emails (mail outbox), and the daily inactivity check (00:30 UTC). */
export const membersModule: FeatureModule = {
  name: 'members',
  mail: [memberLinkMail],
  tasks: { [SUSPEND_INACTIVE_MEMBERS_TASK]: suspendInactiveMembersTask },
  cron: [{ task: SUSPEND_INACTIVE_MEMBERS_TASK, match: '30 0 * * *', identifier: SUSPEND_INACTIVE_MEMBERS_TASK, options: { backfillPeriod: 0, maxAttempts: 3 } }],
};
