import type { FeatureTask } from '../platform/index';
import { requeueRetiredRemovedMemberCredentialsMail } from './removed-member-credentials-mail';

/**
 * Retired: a job of the removed-member credentials email queued by a release before the mail outbox
 * (payload {orgId, memberId, recipientId}) becomes that email in the outbox. Remove once no such job is queued.
 */
export const retiredRemovedMemberCredentialsMailTask: FeatureTask = (svc) => async (payload) => {
  const p = (payload ?? {}) as Record<string, unknown>;
  if (typeof p.orgId !== 'string' || typeof p.memberId !== 'string' || typeof p.recipientId !== 'string') {
    throw new Error('send-removed-member-credentials-mail: payload must be {orgId, memberId, recipientId}');
  }
  await requeueRetiredRemovedMemberCredentialsMail(svc, { orgId: p.orgId, memberId: p.memberId, recipientId: p.recipientId });
};
