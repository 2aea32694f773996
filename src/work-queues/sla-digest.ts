import { caseQueueFacts } from '../cases/index';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { queueMail, renderBrandedEmail, type MailKind } from '../mail/index';
import type { FeatureTask } from '../platform/index';
import type { Services } from '../services';
import { dueText, slaBreaches } from '../sla/index';
import { findMemberContact, getTenant } from '../tenants/index';
import { queueMembers } from './queue-members';
import { findSlaDigest, insertSlaDigest, loadQueues, queuesOfCases, tenantsWithQueues, type DigestQueue } from './work-queues.repository';

/** The daily digest's email in the mail outbox; its reference is the queue_sla_digests row. */
export const QUEUE_SLA_DIGEST_MAIL = 'queue_sla_digest';
/** The crontab's task: every day at 07:00 UTC. */
export const QUEUE_SLA_DIGEST_TASK = 'work-queues.sla-digest';

/** Cases a digest names per queue (the count says how many more). */
const CASES_PER_QUEUE = 50;

/**
 * The daily digest of one tenant: every member of a queue with SLA breaches now gets one email listing the
 * breached cases of each of their queues (at most one digest per member and UTC day, however often it runs).
 * Members of queues without breaches get none. Returns how many digests it queued.
 */
export async function sendQueueSlaDigests(svc: Services, orgId: string): Promise<number> {
  const db = forTenant(svc.db, orgId);
  const now = svc.clock.now();
  const queues = await loadQueues(db);
  if (queues.length === 0) return 0;
  const breached = await slaBreaches(db, now);
  const places = await queuesOfCases(db, breached.map((b) => b.casePk));
  const ids = new Map((await caseQueueFacts(db, [...places.keys()])).map((f) => [f.pk, f.caseId]));
  const byQueue = new Map<number, { caseId: string; dueAt: string | null }[]>();
  for (const b of breached) {
    const q = places.get(b.casePk);
    const caseId = ids.get(b.casePk);
    if (q === undefined || caseId === undefined) continue;
    const list = byQueue.get(q) ?? [];
    list.push({ caseId, dueAt: b.dueAt?.toISOString() ?? null });
    byQueue.set(q, list);
  }
  const perMember = new Map<string, DigestQueue[]>();
  const current = new Set((await queueMembers(svc, orgId, [...new Set(queues.flatMap((q) => q.memberIds))], db)).map((m) => m.memberId));
  for (const q of queues) {
    const cases = byQueue.get(q.id);
    if (!cases?.length) continue;
    cases.sort((a, b) => (a.dueAt ?? '').localeCompare(b.dueAt ?? ''));
    for (const m of q.memberIds.filter((id) => current.has(id))) perMember.set(m, [...(perMember.get(m) ?? []), { queue: q.name, cases }]);
  }
  const day = now.toISOString().slice(0, 10);
  let n = 0;
  for (const [memberId, list] of perMember) {
    n += await inTransaction(svc, async (tx) => {
      const id = await insertSlaDigest(forTenant(tx.manager, orgId), memberId, day, list, now);
      if (id === null) return 0;
      await queueMail(tx, { orgId, kind: QUEUE_SLA_DIGEST_MAIL, reference: id });
      return 1;
    });
  }
  return n;
}

/** `work-queues.sla-digest` (crontab, daily; no payload): the digest of every tenant with queues. */
export const queueSlaDigestTask: FeatureTask = (svc) => async () => {
  let sent = 0;
  for (const orgId of await tenantsWithQueues(svc.db)) sent += await sendQueueSlaDigests(svc, orgId);
  if (sent) svc.log.info({ sent }, 'queue SLA digests');
};

/** The digest email: each queue with its breached cases (links to the console), to the member's current address. */
export const queueSlaDigestMail: MailKind = {
  kind: QUEUE_SLA_DIGEST_MAIL,
  async render(svc, mail) {
    const db = forTenant(svc.db, mail.orgId);
    const digest = await findSlaDigest(db, mail.reference);
    if (!digest) return { unsendable: 'The digest no longer exists.' };
    const member = await findMemberContact(db, digest.memberId);
    if (!member) return { unsendable: 'The member was removed before the digest could be sent.' };
    const tenant = await getTenant(svc, mail.orgId);
    const total = digest.queues.reduce((n, q) => n + q.cases.length, 0);
    const paragraphs = [`${total} case${total === 1 ? ' has' : 's have'} breached their SLA in your queues (${digest.day}):`];
    for (const q of digest.queues) {
      const shown = q.cases.slice(0, CASES_PER_QUEUE).map((c) => `${c.caseId}${c.dueAt ? ` (due ${dueText(new Date(c.dueAt), null)})` : ' (paused)'}`);
      const more = q.cases.length > CASES_PER_QUEUE ? ` and ${q.cases.length - CASES_PER_QUEUE} more` : '';
      paragraphs.push(`${q.queue}: ${shown.join(', ')}${more}.`);
    }
    const message = renderBrandedEmail({
      branding: { name: tenant.name, brandColor: tenant.brandColor, logoUrl: tenant.logoUrl },
      subject: `SLA breaches in your queues: ${total}`,
      greeting: member.name ? `Hello ${member.name},` : 'Hello,',
      paragraphs,
      action: { label: 'Open the breaching cases', url: `${svc.config.appUrl}/console/cases?view=builtin:breaching_sla` },
      footer: ['You receive this daily digest because you are a member of these work queues in the compliance console.'],
    });
    return { to: member.email, fromName: tenant.name, ...message };
  },
};
