// One organisation setting that is a switch (Require MFA, four-eyes, full parity, zero retention), in the
// settings pages' one save pattern (save-form.tsx): the switch is a draft until "Save changes"; roles that may
// not change it read its state in words.
import { useState, type ReactNode } from 'react';
import { Switch } from 'react-aria-components';
import { useAction } from '../../lib/use-request';
import { useSignInOnUnauthenticated } from '../require-member';
import type { Org } from '../session';
import { SaveForm } from './save-form';
import { useSettings } from './viewer';

export function SwitchPanel({ id, title, children, label, value, mayChange, whoMay, save, said, isDisabled, after, states = ['On', 'Off'] }: {
  id: string;
  title: string;
  /** What the setting does. */
  children: ReactNode;
  /** The switch's words. */
  label: string;
  value: boolean;
  mayChange: boolean;
  /** Who may change it, for those who may not ("A compliance admin"). */
  whoMay: string;
  /** Runs the mutation; answers the organisation as it now is. */
  save: (on: boolean) => Promise<Org>;
  /** The words after "Saved." for the new value (given the organisation before the change). */
  said: (on: boolean, before: Org) => string;
  isDisabled?: boolean;
  /** Shown under the switch (a hint on why it is disabled). */
  after?: ReactNode;
  /** The state in words for those who may not change it: on, off. */
  states?: readonly [string, string];
}) {
  const { viewer, setOrg } = useSettings();
  const [draft, setDraft] = useState<boolean | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const action = useAction(save, useSignInOnUnauthenticated());
  const current = draft ?? value;
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      {mayChange ? (
        <SaveForm
          label={title} changed={draft !== null && draft !== value} pending={action.pending} error={action.error} saved={saved}
          onSave={async () => {
            const before = viewer.org;
            const org = await action.run(current);
            if (!org) return;
            setOrg(org);
            setDraft(null);
            setSaved(said(current, before));
          }}
        >
          <Switch className="switch" isSelected={current} isDisabled={isDisabled} onChange={(on) => { setDraft(on); setSaved(null); }}>
            <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
            {label}
          </Switch>
          {after}
        </SaveForm>
      ) : (
        <p><strong>{value ? states[0] : states[1]}.</strong> {whoMay} can change this.</p>
      )}
    </section>
  );
}
