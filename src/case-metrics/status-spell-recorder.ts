import { forTenant } from '../db/index';
import type { EventRecord, EventSubscriber } from '../events/index';
import type { Tx } from '../services';
import { queuesOfCases } from '../work-queues/index';
import { caseCreatedAt, insertSpells, latestSpells, type StatusSpell } from './case-metrics.repository';

const STATUS_CHANGED = 'case.status.changed';

/** Whether a move counts as a return: a senior's answer to an escalation (`returned`), or a reopened decision. */
const isReturn = (from: string, to: string) => to === 'returned' || (to === 'in_review' && (from === 'approved' || from === 'declined'));

/**
 * The dashboard's outbox subscriber: for each case.status.changed it records, in the relay's transaction,
 * the spell the change ended (status left, when it began and ended, who changed it, the queue the case sat in,
 * the returns before it and the case's last entry into review). A batch offered again records nothing twice
 * (one row per event). The queue read is the case's place before this batch's reactions (work-queues moves
 * it after the relay commits), which is the queue it sat in during the spell. Test cases' changes are not
 * recorded: the dashboard's figures are the live ones (docs/test-mode.md).
 */
export class StatusSpellRecorder implements EventSubscriber {
  readonly name = 'case-metrics';

  async onEvents(tx: Tx, events: EventRecord[]): Promise<void> {
    const byTenant = new Map<string, EventRecord[]>();
    for (const e of events) {
      if (e.type !== STATUS_CHANGED || e.casePk === null || e.mode === 'test') continue;
      const list = byTenant.get(e.orgId) ?? [];
      list.push(e);
      byTenant.set(e.orgId, list);
    }
    for (const [orgId, list] of byTenant) {
      const db = forTenant(tx.manager, orgId);
      list.sort((a, b) => Number(a.seq) - Number(b.seq));
      const pks = [...new Set(list.map((e) => Number(e.casePk)))];
      const last = await latestSpells(db, pks);
      const created = await caseCreatedAt(db, pks.filter((pk) => !last.has(pk)));
      const queues = await queuesOfCases(db, pks);
      const spells: StatusSpell[] = [];
      for (const e of list) {
        const casePk = Number(e.casePk);
        const data = JSON.parse(e.data) as { status?: unknown; previousStatus?: unknown; changedBy?: unknown };
        if (typeof data.status !== 'string' || typeof data.previousStatus !== 'string') continue;
        const prev = last.get(casePk);
        const enteredAt = prev?.leftAt ?? created.get(casePk);
        if (!enteredAt) continue;
        const spell: StatusSpell = {
          eventSeq: Number(e.seq), casePk, status: data.previousStatus, nextStatus: data.status, enteredAt, leftAt: e.occurredAt,
          changedBy: typeof data.changedBy === 'string' ? data.changedBy : '', queueId: queues.get(casePk) ?? null,
          returnsBefore: prev ? prev.returnsBefore + (isReturn(prev.status, prev.nextStatus) ? 1 : 0) : 0,
          reviewStartedAt: prev ? (prev.nextStatus === 'in_review' ? prev.leftAt : prev.reviewStartedAt) : null,
        };
        spells.push(spell);
        last.set(casePk, spell);
      }
      await insertSpells(db, spells);
    }
  }
}
