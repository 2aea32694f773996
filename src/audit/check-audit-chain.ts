import type { TenantDb } from '../db/index';
import { chainHash, GENESIS_HASH, readChainHead } from './audit-chain';
import { readChainPage } from './audit-chain.repository';

/** How a link of the chain is broken. */
export type ChainProblem =
  /** The entry's stored hash is not the hash of its content: the entry was changed. */
  | 'hash_mismatch'
  /** The entry's prev_hash is not the previous entry's hash: an entry before it was changed, replaced or removed. */
  | 'prev_hash_mismatch'
  /** The seq expected here is missing (an entry was deleted). */
  | 'missing_entry'
  /** The chain ends before or after its head (entries at the end were deleted, or added around the log). */
  | 'head_mismatch';

export interface ChainBreak {
  /** The first seq that does not hold. */
  seq: number;
  problem: ChainProblem;
  /** One sentence for a compliance officer. */
  message: string;
}

export interface ChainCheck {
  /** Entries read. */
  entries: number;
  /** The last seq and hash of the chain as read (0 and the genesis hash when empty). */
  lastSeq: number;
  lastHash: string;
  broken: ChainBreak | null;
}

const PAGE = 1000;

/**
 * Walks a tenant's audit chain from seq 1, recomputing every hash, and stops at the first broken link. Reads
 * in pages of PAGE entries (memory stays flat whatever the log's length). The chain's end must be the head
 * row's seq and hash, so a deleted tail is found too. Checks nothing signed: that is src/audit-seal's.
 */
export async function checkAuditChain(db: TenantDb): Promise<ChainCheck> {
  const orgId = db.orgId;
  let expected = 1;
  let prev = GENESIS_HASH;
  let entries = 0;
  for (;;) {
    const page = await readChainPage(db, expected - 1, PAGE);
    if (!page.length) break;
    for (const e of page) {
      const at = (problem: ChainProblem, seq: number, message: string): ChainCheck => ({ entries, lastSeq: expected - 1, lastHash: prev, broken: { seq, problem, message } });
      if (e.seq !== expected) return at('missing_entry', expected, `Entry ${expected} is missing: the entry after ${expected - 1} is ${e.seq}.`);
      if (e.prevHash !== prev) return at('prev_hash_mismatch', e.seq, `Entry ${e.seq} does not follow entry ${e.seq - 1}: its prev_hash is not that entry's hash.`);
      const recomputed = chainHash({ orgId, seq: e.seq, actor: e.actor, action: e.action, details: e.details, at: e.at, prevHash: e.prevHash });
      if (recomputed !== e.hash) return at('hash_mismatch', e.seq, `Entry ${e.seq} (${e.action}) was changed: its content no longer gives its stored hash.`);
      prev = e.hash;
      expected++;
      entries++;
    }
  }
  const lastSeq = expected - 1;
  const head = await readChainHead(db);
  if (head.seq !== lastSeq || head.hash !== prev) {
    const seq = Math.min(head.seq, lastSeq) + 1;
    return {
      entries, lastSeq, lastHash: prev,
      broken: { seq, problem: 'head_mismatch', message: `The chain ends at entry ${lastSeq}, but its head is entry ${head.seq}${head.seq > lastSeq ? ': entries at the end were deleted' : ''}.` },
    };
  }
  return { entries, lastSeq, lastHash: prev, broken: null };
}
