import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { graphql } from '../../gql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { Field } from '../../ui/field';
import { ErrorNotice } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import '../../styles/case-bulk.css';

const SetCaseTagsMutation = graphql(`
  mutation ConsoleSetCaseTags($caseId: String!, $tags: [String!]!) {
    setCaseTags(caseId: $caseId, tags: $tags) {
      caseId
      tags
    }
  }
`);

/** A tag as the server stores it (trimmed, inner spaces collapsed, lower case): to tell an added tag it has already. */
const normal = (tag: string) => tag.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The case's tags (the list's filters): each with a Remove button, and a field to add one (Enter or Add tag).
 * Each change saves the whole set with setCaseTags; the server's refusal (a bad tag, too many) shows under it.
 */
export function CaseTagEditor({ caseId, tags, mayEdit, onDone }: { caseId: string; tags: readonly string[]; mayEdit: boolean; onDone: (message: string) => void }) {
  const [draft, setDraft] = useState('');
  const action = useAction((next: string[]) => execute(SetCaseTagsMutation, { caseId, tags: next }), useSignInOnUnauthenticated());
  const save = async (next: string[], message: string) => {
    const result = await action.run(next);
    if (result) {
      setDraft('');
      onDone(message);
    }
  };
  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const tag = normal(draft);
    if (!tag) return;
    if (tags.includes(tag)) {
      onDone(`The case has the tag ${tag} already.`);
      setDraft('');
      return;
    }
    await save([...tags, tag], `Tag ${tag} added.`);
  };
  return (
    <section className="case-section" aria-labelledby="tags-title">
      <h2 id="tags-title">Tags</h2>
      {tags.length === 0 ? <p className="empty">No tags yet.</p> : (
        <ul className="case-tag-list" aria-label="Tags of this case">
          {tags.map((t) => (
            <li key={t} className="tag tag-editable">
              <span>{t}</span>
              {mayEdit ? (
                <Button className="tag-remove" aria-label={`Remove tag ${t}`} isDisabled={action.pending} onPress={() => save(tags.filter((x) => x !== t), `Tag ${t} removed.`)}>
                  <span aria-hidden="true">×</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {mayEdit ? (
        <Form className="inline-form tag-add" onSubmit={add} aria-label="Add a tag">
          <Field label="New tag" name="tag" value={draft} onChange={setDraft} maxLength={40} hint="Letters or digits first; up to 40 characters, stored in lower case." />
          <Button className="button" type="submit" isDisabled={action.pending || normal(draft) === ''}>Add tag</Button>
        </Form>
      ) : null}
      {action.error ? <ErrorNotice error={action.error} /> : null}
    </section>
  );
}
