import type { FeatureModule } from '../platform/index';
import { SEND_INVITE_TASK, sweepInvites } from './invites';
import { sendInviteTask } from './send-invite.task';

/** Case intake: the invite's send job, and invites whose send job was lost. */
export const invitesModule: FeatureModule = {
  name: 'invites',
  tasks: { [SEND_INVITE_TASK]: sendInviteTask },
  sweeps: [{ name: 'invite sweep', order: 20, run: sweepInvites }],
};
