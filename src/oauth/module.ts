import type { FeatureModule } from '../platform/index';
import { removedMemberCredentialsMail } from './removed-member-credentials.mail';
import { RETIRED_REMOVED_MEMBER_CREDENTIALS_MAIL_TASK } from './removed-member-credentials-mail';
import { retiredRemovedMemberCredentialsMailTask } from './retired-removed-member-credentials-mail.task';

/** OAuth and API credentials: the email telling the admins which credentials a removed member created, a kind of the mail outbox. */
export const oauthModule: FeatureModule = {
  name: 'oauth',
  mail: [removedMemberCredentialsMail],
  // Retired (jobs queued before the mail outbox): each becomes the outbox's email. Remove once none is queued.
  tasks: { [RETIRED_REMOVED_MEMBER_CREDENTIALS_MAIL_TASK]: retiredRemovedMemberCredentialsMailTask },
};
