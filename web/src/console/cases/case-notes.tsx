import { useState } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import type { CaseNoteFieldsFragment } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { DisclosureArrow } from '../../ui/disclosure';
import { ErrorNotice } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { AddCaseNoteMutation, EditCaseNoteMutation } from './case-notes-query';
import { when } from './labels';
import { MentionTextArea, type Mentionable } from './mention-text-area';

/** The longest note the server takes (NOTE_BODY_MAX). */
const NOTE_MAX = 10_000;
const HINT = 'Markdown: **bold**, *italic*, lists, [links](https://…). Type @ and a name or email to mention a colleague; they are notified.';

const authorName = (n: CaseNoteFieldsFragment) => n.author ? (n.author.name ?? n.author.email) : 'a removed member';

/** The note composer: markdown with @ mentions completed from the organisation's members. */
export function NoteComposer({ caseId, members, onDone }: { caseId: string; members: readonly Mentionable[]; onDone: (message: string) => void }) {
  const [body, setBody] = useState('');
  const action = useAction((text: string) => execute(AddCaseNoteMutation, { caseId, body: text }), useSignInOnUnauthenticated());
  const submit = async () => {
    const result = await action.run(body);
    if (!result) return;
    setBody('');
    const told = result.addCaseNote.mentions.length;
    onDone(told ? `Note added; ${told} mentioned ${told === 1 ? 'member was' : 'members were'} notified.` : 'Note added.');
  };
  return (
    <section className="case-section" aria-labelledby="notes-title">
      <h2 id="notes-title">Notes</h2>
      <form className="form note-form" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <MentionTextArea label="Add a note" hint={HINT} value={body} onChange={setBody} members={members} name="note" maxLength={NOTE_MAX} />
        <div className="actions actions-tight">
          <Button type="submit" className="button button-primary" isPending={action.pending} isDisabled={body.trim() === ''}>Add note</Button>
        </div>
        {action.error ? <ErrorNotice error={action.error} /> : null}
      </form>
      <p className="small">Notes appear in the timeline below. They are never deleted: an edit keeps every earlier version.</p>
    </section>
  );
}

/** A note in the timeline: author, time, its rendered body (the server's safe HTML), Edit for its author, and its versions once edited. */
export function NoteEntry({ note, members, onDone }: { note: CaseNoteFieldsFragment; members: readonly Mentionable[]; onDone: (message: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [body, setBody] = useState(note.body);
  const action = useAction((text: string) => execute(EditCaseNoteMutation, { noteId: note.id, body: text }), useSignInOnUnauthenticated());
  const save = async () => {
    const result = await action.run(body);
    if (!result) return;
    setEditing(false);
    onDone(result.editCaseNote.version === note.version ? 'The note is unchanged.' : 'Note edited; its earlier version is kept.');
  };
  return (
    <li className="timeline-item timeline-note">
      <h3 className="note-heading">
        <span className="event-type">Note by {authorName(note)}</span>{' '}
        <span className="event-when">{when(note.createdAt)}{note.edited && note.editedAt ? ` · edited ${when(note.editedAt)}` : ''}</span>
      </h3>
      {editing ? (
        <form className="form note-form" onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <MentionTextArea label="Edit the note" hint={HINT} value={body} onChange={setBody} members={members} name="note-edit" maxLength={NOTE_MAX} />
          <div className="actions actions-tight">
            {/* Not isPending: the form closes on success, and React Aria's pending announcement would then name a removed button. */}
            <Button type="submit" className="button button-primary" isDisabled={action.pending || body.trim() === ''}>{action.pending ? 'Saving…' : 'Save note'}</Button>
            <Button className="button" onPress={() => { setEditing(false); setBody(note.body); }}>Cancel</Button>
          </div>
          {action.error ? <ErrorNotice error={action.error} /> : null}
        </form>
      ) : (
        // The server renders the markdown without raw HTML (markdown-it, html off, no images, safe links only).
        <div className="note-body" dangerouslySetInnerHTML={{ __html: note.bodyHtml }} />
      )}
      {note.viewerCanEdit && !editing ? <Button className="button" onPress={() => setEditing(true)}>Edit note</Button> : null}
      {note.edited ? (
        <Disclosure className="disclosure">
          <Heading level={4} className="disclosure-heading">
            <Button slot="trigger" className="disclosure-trigger">
              <DisclosureArrow />
              <span>Versions ({note.versions.length})</span>
            </Button>
          </Heading>
          <DisclosurePanel className="disclosure-panel">
            <ol className="note-versions">
              {note.versions.map((v) => (
                <li key={v.version}>
                  <p className="small">Version {v.version} · {when(v.writtenAt)} by {v.writtenBy ? (v.writtenBy.name ?? v.writtenBy.email) : 'a removed member'}</p>
                  <div className="note-body" dangerouslySetInnerHTML={{ __html: v.bodyHtml }} />
                </li>
              ))}
            </ol>
          </DisclosurePanel>
        </Disclosure>
      ) : null}
    </li>
  );
}
