import type { Services } from '../services';
import { setPasswordWithToken } from './member-tokens';

/**
 * Sets an invited member's first password with the link of their invitation email (7 days, once):
 * the password rule applies; afterwards they sign in with it. `address` is the request's source address
 * (failed uses are limited per address). See setPasswordWithToken.
 */
export async function acceptInvitation(svc: Services, input: { token: unknown; password: unknown; address: string | undefined }): Promise<true> {
  await setPasswordWithToken(svc, { purpose: 'invitation', token: input.token, password: input.password, address: input.address });
  return true;
}
