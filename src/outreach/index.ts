// TEMPORARY placeholder (never committed): the lead's customer email outbox lands on main.
import type { Tx } from '../db/transaction';
import type { EventType } from '../events/catalogue';
export interface CustomerEmailInput {
  orgId: string; casePk: number; kind: string; recipientEmail: string; recipientName: string | null; subject: string;
  paragraphs: string[]; items?: Array<{ key: string; label: string }>; action?: { label: string; url: string }; unsubscribeUrl?: string;
  events: Array<{ type: EventType; fields: Record<string, unknown> }>;
}
export async function queueCustomerEmail(tx: Tx, input: CustomerEmailInput): Promise<{ emailId: number }> {
  void tx; void input; return { emailId: 0 };
}
