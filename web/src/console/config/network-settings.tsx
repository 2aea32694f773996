// Organisation settings › Network and inactivity: the IP allow-list (with the address the service sees for this
// browser) and the number of days without a sign-in after which a member is suspended. Admins change them.
import { useState } from 'react';
import { graphql } from '../../gql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { Field } from '../../ui/field';
import { useSignInOnUnauthenticated } from '../require-member';
import type { Org } from '../session';
import { useFieldErrors } from '../form-errors';
import { SaveForm } from './save-form';
import { useSettings } from './viewer';

const SetIpAllowList = graphql(`
  mutation SetIpAllowList($cidrs: [String!]!) {
    setIpAllowList(cidrs: $cidrs) {
      ...OrganisationFields
    }
  }
`);

const SetInactivityLimit = graphql(`
  mutation SetInactivityLimit($days: Int) {
    setInactivityLimit(days: $days) {
      ...OrganisationFields
    }
  }
`);

/** The allow-list editor and the inactivity limit, each in the settings' one save pattern; words for members who may not change them. */
export function NetworkSettings({ org, currentAddress, mayChange }: { org: Org; currentAddress: string | null; mayChange: boolean }) {
  const { setOrg } = useSettings();
  const onError = useSignInOnUnauthenticated();
  const savedList = org.ipAllowList.join('\n');
  const savedDays = org.inactivityLimitDays === null ? '' : String(org.inactivityLimitDays);
  const [cidrs, setCidrs] = useState<string | null>(null);
  const [days, setDays] = useState<string | null>(null);
  const [listSaved, setListSaved] = useState<string | null>(null);
  const [daysSaved, setDaysSaved] = useState<string | null>(null);
  const saveList = useAction((list: string[]) => execute(SetIpAllowList, { cidrs: list }), onError);
  const saveDays = useAction((d: number | null) => execute(SetInactivityLimit, { days: d }), onError);
  const listErrors = useFieldErrors(saveList.error, ['cidrs']);
  const daysErrors = useFieldErrors(saveDays.error, ['days']);

  async function submitList() {
    const list = (cidrs ?? savedList).split(/[\s,]+/).map((c) => c.trim()).filter(Boolean);
    const done = await saveList.run(list);
    if (!done) return;
    setOrg(done.setIpAllowList);
    setCidrs(null);
    setListSaved(list.length ? 'The IP allow-list is saved.' : 'The IP allow-list is off: every address may sign in.');
  }
  async function submitDays() {
    const value = (days ?? savedDays).trim();
    const done = await saveDays.run(value === '' ? null : Number(value));
    if (!done) return;
    setOrg(done.setInactivityLimit);
    setDays(null);
    setDaysSaved(done.setInactivityLimit.inactivityLimitDays === null
      ? 'Members are no longer suspended for inactivity.'
      : `Members who do not sign in for ${done.setInactivityLimit.inactivityLimitDays} days are suspended.`);
  }

  return (
    <>
      <section className="panel" aria-labelledby="allow-list-title">
        <h2 id="allow-list-title">IP allow-list</h2>
        <p>
          When set, sign-ins, console sessions and API tokens of this organisation work only from these networks. Other addresses get
          “Address not allowed”. Leave it empty to allow every address.
        </p>
        <p>Your current address: <strong data-testid="current-address">{currentAddress ?? 'unknown'}</strong></p>
        {mayChange ? (
          <SaveForm label="IP allow-list" changed={cidrs !== null && cidrs !== savedList} pending={saveList.pending}
            fieldErrors={listErrors.fieldErrors} error={listErrors.rest ?? undefined} saved={listSaved} onSave={submitList}>
            <Field label="Allowed networks" hint="One IPv4 or IPv6 address or CIDR per line, such as 203.0.113.0/24 or 2001:db8::/32."
              name="cidrs" multiline value={cidrs ?? savedList} onChange={(v) => { setCidrs(v); setListSaved(null); listErrors.edited('cidrs'); }} />
          </SaveForm>
        ) : (
          <p><strong>{org.ipAllowList.length ? org.ipAllowList.join(', ') : 'Every address'}.</strong> An admin can change this.</p>
        )}
      </section>
      <section className="panel" aria-labelledby="inactivity-title">
        <h2 id="inactivity-title">Inactive members</h2>
        <p>Members who do not sign in for this many days are suspended: their sessions and connected apps end until an admin reactivates them on the Members page.</p>
        {mayChange ? (
          <SaveForm label="Inactive members" changed={days !== null && days !== savedDays} pending={saveDays.pending}
            fieldErrors={daysErrors.fieldErrors} error={daysErrors.rest ?? undefined} saved={daysSaved} onSave={submitDays}>
            <Field label="Days without a sign-in" hint="7 to 730 days; empty: never suspend." name="days" inputMode="numeric" value={days ?? savedDays}
              onChange={(v) => { setDays(v); setDaysSaved(null); daysErrors.edited('days'); }} />
          </SaveForm>
        ) : (
          <p><strong>{org.inactivityLimitDays === null ? 'Never' : `After ${org.inactivityLimitDays} days`}.</strong> An admin can change this.</p>
        )}
      </section>
    </>
  );
}
