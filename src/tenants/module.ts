import type { FeatureModule } from '../platform/index';
import { SEND_MEMBER_MAIL_TASK, sweepMemberMail } from './member-tokens';
import { sendMemberMailTask } from './send-member-mail.task';

/** Console emails (password resets, invitations): their send job, and those whose send job was lost. */
export const tenantsModule: FeatureModule = {
  name: 'tenants',
  tasks: { [SEND_MEMBER_MAIL_TASK]: sendMemberMailTask },
  sweeps: [{ name: 'member mail sweep', order: 30, run: sweepMemberMail }],
};
