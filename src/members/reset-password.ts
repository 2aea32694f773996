import type { Services } from '../services';
import { setPasswordWithToken } from './member-tokens';

/**
 * Sets a new password with the link of a password-reset email: the password rule applies (12+
 * characters, not breached), the link works once and for 1 hour, and every session of the member
 * (console and authorization pages) ends. `address` is the request's source address (failed uses are
 * limited per address). See setPasswordWithToken.
 */
export async function resetPassword(svc: Services, input: { token: unknown; password: unknown; address: string | undefined }): Promise<true> {
  await setPasswordWithToken(svc, { purpose: 'password_reset', token: input.token, password: input.password, address: input.address });
  return true;
}
