import type { FeatureTask } from '../platform/index';
import { suspendInactiveMembers } from './suspend-inactive-members';

/** The daily job that applies every tenant's inactivity limit. */
export const SUSPEND_INACTIVE_MEMBERS_TASK = 'members.suspend-inactive';

export const suspendInactiveMembersTask: FeatureTask = (svc) => async () => {
  const suspended = await suspendInactiveMembers(svc);
  if (suspended) svc.log.info({ suspended }, 'inactive members suspended');
};
