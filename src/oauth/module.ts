import type { FeatureModule } from '../platform/index';
import { SEND_REMOVED_MEMBER_CREDENTIALS_MAIL_TASK } from './removed-member-credentials-mail';
import { sendRemovedMemberCredentialsMailTask } from './send-removed-member-credentials-mail.task';

/** API credentials a removed member created: the job that lists them for each admin by email. */
export const oauthModule: FeatureModule = {
  name: 'oauth',
  tasks: { [SEND_REMOVED_MEMBER_CREDENTIALS_MAIL_TASK]: sendRemovedMemberCredentialsMailTask },
};
