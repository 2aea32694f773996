// TEMPORARY SHIM until the lead's outbox lands (not committed).
import type { Tx } from '../db/transaction';
import type { EventType } from '../events/catalogue';
export interface CustomerEmailInput {
  orgId: string; casePk: number; kind: string; recipientEmail: string; recipientName: string | null; subject: string; paragraphs: string[];
  items?: Array<{ key: string; label: string }>; action?: { label: string; url: string }; unsubscribeUrl?: string;
  events: Array<{ type: EventType; fields: Record<string, unknown> }>;
}
export async function queueCustomerEmail(_tx: Tx, _input: CustomerEmailInput): Promise<{ emailId: number }> { return { emailId: 0 }; }
