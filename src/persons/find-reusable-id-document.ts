import type { Tx } from '../db/transaction';

/**
 * An accepted passport or ID document of the person registry that the human behind `personKey` on this
 * case may reuse (within the tenant's validity window). Stub until the person registry lands: none.
 */
export async function findReusableIdDocument(tx: Tx, input: { orgId: string; casePk: number; personKey: string }):
  Promise<{ documentId: number; personId: number } | null> {
  void tx;
  void input;
  return null;
}
