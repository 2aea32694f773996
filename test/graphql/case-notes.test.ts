import { expect } from 'chai';
import { MEMBER_ROLES } from '../../src/access/index';
import { createLogger, type Services } from '../../src/platform/index';
import { decodeQp, smtpMailer, startSmtp, type TestSmtp } from '../support/smtp';
import { drainJobs, runtime } from '../support/runtime';
import { newCase } from './case-support';
import { ConsoleHarness, type ConsoleClient } from './harness';

const NOTE = 'id caseId author { id name email } body bodyHtml version edited createdAt editedAt mentions { id email } viewerCanEdit';
const ADD = `mutation($caseId: ID!, $body: String!) { addCaseNote(caseId: $caseId, body: $body) { ${NOTE} } }`;
const EDIT = `mutation($noteId: ID!, $body: String!) { editCaseNote(noteId: $noteId, body: $body) { ${NOTE} } }`;
const NOTES = `query($caseId: String!, $first: Int, $after: String) { case(caseId: $caseId) { notes(first: $first, after: $after) {
  edges { node { ${NOTE} versions { version body bodyHtml writtenBy { email } writtenAt } } } pageInfo { hasNextPage endCursor } } } }`;
const NOTIFICATIONS = `query($first: Int, $after: String, $unreadOnly: Boolean) { notifications(first: $first, after: $after, unreadOnly: $unreadOnly) {
  edges { node { id kind caseId noteId actorName excerpt createdAt readAt } } pageInfo { hasNextPage endCursor } } }`;
const UNREAD = '{ unreadNotificationCount }';
const MARK = 'mutation($ids: [ID!], $all: Boolean) { markNotificationsRead(ids: $ids, all: $all) }';

type Note = { id: string; caseId: string; author: { id: string; name: string | null; email: string } | null; body: string; bodyHtml: string; version: number;
  edited: boolean; createdAt: string; editedAt: string | null; mentions: { id: string; email: string }[]; viewerCanEdit: boolean;
  versions?: { version: number; body: string; bodyHtml: string; writtenBy: { email: string } | null; writtenAt: string }[] };
type Notification = { id: string; kind: string; caseId: string | null; noteId: string | null; actorName: string; excerpt: string; createdAt: string; readAt: string | null };

describe('console GraphQL: case notes, mentions and notifications', function () {
  this.timeout(90_000);
  let h: ConsoleHarness;
  let smtp: TestSmtp;
  let worker: Services;

  before(async () => {
    h = await ConsoleHarness.start();
    smtp = await startSmtp();
    worker = { ...h.svc, mailer: smtpMailer(smtp, 'console@svc.example', createLogger('silent')) };
  });
  after(async () => {
    await h.close();
    await smtp.close();
  });

  /** Runs the queued jobs (the notification emails) with this test's SMTP mailer. */
  const drain = async (orgId: string) => drainJobs(await runtime(), { orgId, svc: worker });
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).map((m) => decodeQp(m.raw));
  const add = async (client: ConsoleClient, caseId: string, body: string) => (await client.data<{ addCaseNote: Note }>(ADD, { caseId, body })).addCaseNote;
  const notesOf = async (client: ConsoleClient, caseId: string, first?: number, after?: string) =>
    (await client.data<{ case: { notes: { edges: { node: Note }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } }>(NOTES, { caseId, first, after })).case.notes;
  const notificationsOf = async (client: ConsoleClient, vars: Record<string, unknown> = {}) =>
    (await client.data<{ notifications: { edges: { node: Notification }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }>(NOTIFICATIONS, vars)).notifications;
  const unread = async (client: ConsoleClient) => (await client.data<{ unreadNotificationCount: number }>(UNREAD)).unreadNotificationCount;

  it('addCaseNote keeps the markdown and renders it without raw HTML, images or script links; the case lists its notes newest first, paged', async () => {
    const analyst = await h.signedIn('analyst');
    const c = await newCase(h.svc, analyst.member.tenant, { companyName: 'Notes Ltd' });
    const body = '**Checked** the register.\n\n<script>alert(1)</script> <img src=x onerror=alert(2)>\n\n[ok](https://example.com/a) [bad](javascript:alert(3)) ![t](https://tracker.example/p.png)';
    const note = await add(analyst, c.caseId, `  ${body}  `);
    expect(note).to.deep.include({
      caseId: c.caseId, body, version: 1, edited: false, editedAt: null, mentions: [], viewerCanEdit: true,
      author: { id: analyst.member.id, name: `analyst ${analyst.member.email.split('.')[1]}`, email: analyst.member.email },
    });
    expect(note.bodyHtml).to.contain('<strong>Checked</strong> the register.');
    expect(note.bodyHtml).to.contain('&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt;');
    expect(note.bodyHtml).to.contain('<a href="https://example.com/a" rel="noopener noreferrer nofollow" target="_blank">ok</a>');
    expect(note.bodyHtml).to.not.match(/<script|<img|href="javascript/i);
    expect(note.bodyHtml).to.contain('[bad](javascript:alert(3))');

    const second = await add(analyst, c.caseId, 'Second note');
    const third = await add(analyst, c.caseId, 'Third note');
    const first = await notesOf(analyst, c.caseId, 2);
    expect(first.edges.map((e) => e.node.id)).to.deep.equal([third.id, second.id]);
    expect(first.pageInfo.hasNextPage).to.equal(true);
    const rest = await notesOf(analyst, c.caseId, 2, first.pageInfo.endCursor!);
    expect(rest.edges.map((e) => e.node.id)).to.deep.equal([note.id]);
    expect(rest.pageInfo.hasNextPage).to.equal(false);
  });

  it('refuses an empty or too long body, an unknown case and another tenant\'s case in the GraphQL error shape', async () => {
    const analyst = await h.signedIn('analyst');
    const c = await newCase(h.svc, analyst.member.tenant);
    const empty = await analyst.error(ADD, { caseId: c.caseId, body: '  \n ' });
    expect(empty).to.deep.include({ code: 'BAD_USER_INPUT', message: 'body: must not be empty' });
    expect(empty.extensions).to.deep.include({ reason: 'validation_failed', details: [{ path: 'body', message: 'must not be empty' }] });
    const long = await analyst.error(ADD, { caseId: c.caseId, body: 'x'.repeat(10_001) });
    expect(long).to.deep.include({ code: 'BAD_USER_INPUT', message: 'body: must be at most 10000 characters long (it is 10001)' });
    expect((await add(analyst, c.caseId, 'y'.repeat(10_000))).body).to.have.lengthOf(10_000);
    expect(await analyst.error(ADD, { caseId: 'CS-2020-99999', body: 'Hello' })).to.deep.include({ code: 'NOT_FOUND', message: 'Case not found.' });
    const stranger = await h.signedIn('admin');
    expect(await stranger.error(ADD, { caseId: c.caseId, body: 'Hello' })).to.deep.include({ code: 'NOT_FOUND', message: 'Case not found.' });
    expect((await stranger.gql<{ case: null }>(NOTES, { caseId: c.caseId })).body.data?.case).to.equal(null);
    // Nothing was written for the refused ones: the case has its one note.
    expect((await notesOf(analyst, c.caseId)).edges).to.have.lengthOf(1);
  });

  it('role matrix: every role adds and reads notes; only the author edits (not even an admin); signed out is UNAUTHENTICATED', async () => {
    const tenant = await h.tenant('Matrix Ltd');
    const c = await newCase(h.svc, tenant);
    const clients = Object.fromEntries(await Promise.all(MEMBER_ROLES.map(async (role) => [role, await h.signedIn(role, tenant)] as const)));
    for (const role of MEMBER_ROLES) {
      const mine = await add(clients[role]!, c.caseId, `Note by the ${role}`);
      for (const other of MEMBER_ROLES.filter((r) => r !== role)) {
        const refused = await clients[other]!.error(EDIT, { noteId: mine.id, body: 'Changed by someone else' });
        expect(refused, `${other} editing the ${role}'s note`).to.deep.include({ code: 'FORBIDDEN', message: "Only the note's author may edit it." });
      }
      const edited = (await clients[role]!.data<{ editCaseNote: Note }>(EDIT, { noteId: mine.id, body: `Note by the ${role}, edited` })).editCaseNote;
      expect(edited).to.deep.include({ version: 2, edited: true, body: `Note by the ${role}, edited`, viewerCanEdit: true });
    }
    const listed = await notesOf(clients.analyst!, c.caseId);
    expect(listed.edges.map((e) => [e.node.body, e.node.viewerCanEdit])).to.deep.equal([
      ['Note by the admin, edited', false], ['Note by the compliance_admin, edited', false], ['Note by the mlro, edited', false], ['Note by the analyst, edited', true],
    ]);
    const signedOut = h.browser();
    expect((await signedOut.error(ADD, { caseId: c.caseId, body: 'x' })).code).to.equal('UNAUTHENTICATED');
    expect((await signedOut.error(EDIT, { noteId: listed.edges[0]!.node.id, body: 'x' })).code).to.equal('UNAUTHENTICATED');
    expect((await signedOut.error(UNREAD)).code).to.equal('UNAUTHENTICATED');
    expect((await signedOut.error(NOTIFICATIONS)).code).to.equal('UNAUTHENTICATED');
    expect((await signedOut.error(MARK, { all: true })).code).to.equal('UNAUTHENTICATED');
  });

  it('editCaseNote keeps every version (who and when), changes nothing for the same body, and answers NOT_FOUND for an unknown or foreign note', async () => {
    const analyst = await h.signedIn('analyst');
    const c = await newCase(h.svc, analyst.member.tenant);
    const note = await add(analyst, c.caseId, 'First *draft*');
    await analyst.data(EDIT, { noteId: note.id, body: 'Second draft' });
    const same = (await analyst.data<{ editCaseNote: Note }>(EDIT, { noteId: note.id, body: ' Second draft ' })).editCaseNote;
    expect(same.version).to.equal(2);
    await analyst.data(EDIT, { noteId: note.id, body: 'Final' });
    const [listed] = (await notesOf(analyst, c.caseId)).edges.map((e) => e.node);
    expect(listed).to.deep.include({ id: note.id, body: 'Final', version: 3, edited: true });
    expect(listed!.editedAt).to.be.a('string');
    expect(listed!.versions!.map((v) => [v.version, v.body, v.writtenBy?.email])).to.deep.equal([
      [1, 'First *draft*', analyst.member.email], [2, 'Second draft', analyst.member.email], [3, 'Final', analyst.member.email],
    ]);
    expect(listed!.versions![0]!.bodyHtml).to.equal('<p>First <em>draft</em></p>\n');
    // No way to delete: the rows stay, one per version.
    const rows: { version: number }[] = await h.svc.db.query('SELECT version FROM case_note_versions WHERE org_id = ? AND note_id = ? ORDER BY version', [analyst.member.tenant.id, Number(note.id)]);
    expect(rows.map((r) => Number(r.version))).to.deep.equal([1, 2, 3]);

    expect(await analyst.error(EDIT, { noteId: '999999999', body: 'x' })).to.deep.include({ code: 'NOT_FOUND', message: 'Note not found.' });
    expect(await analyst.error(EDIT, { noteId: 'abc', body: 'x' })).to.deep.include({ code: 'NOT_FOUND', message: 'Note not found.' });
    const stranger = await h.signedIn('analyst');
    expect(await stranger.error(EDIT, { noteId: note.id, body: 'x' })).to.deep.include({ code: 'NOT_FOUND', message: 'Note not found.' });
    expect(await analyst.error(EDIT, { noteId: note.id, body: '' })).to.deep.include({ code: 'BAD_USER_INPUT', message: 'body: must not be empty' });
  });

  it('mentions notify the members named by email (not the author, not strangers), in the console and by email through the SMTP capture', async () => {
    const tenant = await h.tenant('Mentions Ltd');
    const analyst = await h.signedIn('analyst', tenant);
    const mlro = await h.signedIn('mlro', tenant);
    const admin = await h.signedIn('admin', tenant);
    const outsider = await h.signedIn('analyst');
    const c = await newCase(h.svc, tenant, { companyName: 'Mention Co' });
    const body = `@${mlro.member.email.toUpperCase()} please look at the **UBO** chain. cc @${analyst.member.email} @${outsider.member.email} and ${admin.member.email}`;
    const note = await add(analyst, c.caseId, body);
    expect(note.mentions.map((m) => m.id)).to.deep.equal([mlro.member.id, analyst.member.id]);
    expect(note.bodyHtml).to.contain(`<span class="mention" title="${mlro.member.email}">@mlro ${mlro.member.email.split('.')[1]}</span>`);
    expect(note.bodyHtml).to.contain(`@${outsider.member.email}`);

    expect(await unread(mlro)).to.equal(1);
    expect(await unread(analyst)).to.equal(0);
    expect(await unread(admin)).to.equal(0);
    expect(await unread(outsider)).to.equal(0);
    const [n] = (await notificationsOf(mlro)).edges.map((e) => e.node);
    expect(n).to.deep.include({ kind: 'mention', caseId: c.caseId, noteId: note.id, actorName: `analyst ${analyst.member.email.split('.')[1]}`, readAt: null });
    expect(n!.excerpt).to.equal(body.replace(/\s+/g, ' '));

    await drain(analyst.member.tenant.id);
    const mails = mailsTo(mlro.member.email);
    expect(mails).to.have.lengthOf(1);
    expect(mails[0]).to.contain(`Subject: analyst ${analyst.member.email.split('.')[1]} mentioned you on case ${c.caseId}`);
    expect(mails[0]).to.contain(`${h.url}/console/cases/${c.caseId}`);
    expect(mails[0]).to.contain('please look at the **UBO** chain');
    expect(mailsTo(analyst.member.email)).to.deep.equal([]);
    expect(mailsTo(outsider.member.email)).to.deep.equal([]);
    expect(mailsTo(admin.member.email)).to.deep.equal([]);

    // An edit notifies only the members it mentions for the first time.
    await analyst.data(EDIT, { noteId: note.id, body: `${body} and now @${admin.member.email}` });
    await analyst.data(EDIT, { noteId: note.id, body: `@${mlro.member.email} only` });
    expect(await unread(mlro)).to.equal(1);
    expect(await unread(admin)).to.equal(1);
    await drain(analyst.member.tenant.id);
    expect(mailsTo(admin.member.email)).to.have.lengthOf(1);
    expect(mailsTo(mlro.member.email)).to.have.lengthOf(1);
  });

  it('notifications are paged and per member; markNotificationsRead by ids (others\' ignored) or all, with clear errors; a read one is not emailed', async () => {
    const tenant = await h.tenant('Inbox Ltd');
    const analyst = await h.signedIn('analyst', tenant);
    const colleague = await h.signedIn('compliance_admin', tenant);
    const c = await newCase(h.svc, tenant);
    const notes: Note[] = [];
    for (let i = 1; i <= 3; i++) notes.push(await add(analyst, c.caseId, `Ping ${i} @${colleague.member.email}`));
    await add(colleague, c.caseId, `Back to you @${analyst.member.email}`);
    const page1 = await notificationsOf(colleague, { first: 2 });
    expect(page1.edges.map((e) => e.node.noteId)).to.deep.equal([notes[2]!.id, notes[1]!.id]);
    expect(page1.pageInfo.hasNextPage).to.equal(true);
    const page2 = await notificationsOf(colleague, { first: 2, after: page1.pageInfo.endCursor });
    expect(page2.edges.map((e) => e.node.noteId)).to.deep.equal([notes[0]!.id]);
    expect((await colleague.error(NOTIFICATIONS, { after: 'not-a-cursor' })).code).to.equal('BAD_USER_INPUT');

    const [newest, middle] = page1.edges.map((e) => e.node.id);
    const analystsOwn = (await notificationsOf(analyst)).edges[0]!.node.id;
    // Marked read before the mail job runs: its email is not sent.
    expect((await colleague.data<{ markNotificationsRead: number }>(MARK, { ids: [newest, analystsOwn, '999999999'] })).markNotificationsRead).to.equal(2);
    expect(await unread(analyst), "another member's id is left alone").to.equal(1);
    const unreadOnly = await notificationsOf(colleague, { unreadOnly: true });
    expect(unreadOnly.edges.map((e) => e.node.id)).to.deep.equal([middle, page2.edges[0]!.node.id]);
    expect((await notificationsOf(colleague)).edges[0]!.node.readAt).to.be.a('string');
    await drain(tenant.id);
    expect(mailsTo(colleague.member.email), 'the one read first was not emailed').to.have.lengthOf(2);

    expect(await colleague.error(MARK, {})).to.deep.include({ code: 'BAD_USER_INPUT', message: 'ids: name the notifications to mark read, or set all: true (not both)' });
    expect(await colleague.error(MARK, { ids: [middle], all: true })).to.deep.include({ code: 'BAD_USER_INPUT' });
    expect(await colleague.error(MARK, { ids: ['x'] })).to.deep.include({ code: 'BAD_USER_INPUT', message: 'ids: must be notification ids' });
    expect(await colleague.error(MARK, { ids: Array.from({ length: 201 }, (_, i) => String(i + 1)) })).to.deep.include({ code: 'BAD_USER_INPUT', message: 'ids: must name at most 200 notifications' });
    expect((await colleague.data<{ markNotificationsRead: number }>(MARK, { all: true })).markNotificationsRead).to.equal(0);
    expect(await unread(colleague)).to.equal(0);
    expect(await unread(analyst)).to.equal(1);
  });
});
