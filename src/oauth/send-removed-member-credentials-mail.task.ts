import type { FeatureTask } from '../platform/index';
import { sendRemovedMemberCredentialsMail } from './removed-member-credentials-mail';

/** Emails one admin the API credentials a removed member created. Payload {orgId, memberId, recipientId}; a refused send throws (graphile retries). */
export const sendRemovedMemberCredentialsMailTask: FeatureTask = (svc) => async (payload) => {
  const p = (payload ?? {}) as Record<string, unknown>;
  if (typeof p.orgId !== 'string' || typeof p.memberId !== 'string' || typeof p.recipientId !== 'string') {
    throw new Error('send-removed-member-credentials-mail: payload must be {orgId, memberId, recipientId}');
  }
  await sendRemovedMemberCredentialsMail(svc, { orgId: p.orgId, memberId: p.memberId, recipientId: p.recipientId });
};
