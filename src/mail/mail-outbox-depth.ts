import type { Services } from '../services';
import { pendingMailCount } from './outgoing-mails.repository';

/** The mail outbox's depth for operators (metrics): emails waiting to be sent, every tenant's. */
export function mailOutboxDepth(svc: Services): Promise<number> {
  return pendingMailCount(svc.db);
}
