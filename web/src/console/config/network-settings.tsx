// Organisation settings › Network and inactivity: the IP allow-list (with the address the service sees for this
// browser) and the number of days without a sign-in after which a member is suspended. Admins change them.
import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { graphql } from '../../gql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { ErrorNotice } from '../../ui/status';
import { Field } from '../../ui/field';
import { useSignInOnUnauthenticated } from '../require-member';
import type { Org } from '../session';
import { useFieldErrors } from '../form-errors';

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

/** The allow-list editor and the inactivity limit; read-only text for members who may not change them. */
export function NetworkSettings({ org, currentAddress, mayChange, onChanged }: {
  org: Org; currentAddress: string | null; mayChange: boolean; onChanged: (org: Org, message: string) => void;
}) {
  const onError = useSignInOnUnauthenticated();
  const [cidrs, setCidrs] = useState(org.ipAllowList.join('\n'));
  const [days, setDays] = useState(org.inactivityLimitDays === null ? '' : String(org.inactivityLimitDays));
  const saveList = useAction((list: string[]) => execute(SetIpAllowList, { cidrs: list }), onError);
  const saveDays = useAction((d: number | null) => execute(SetInactivityLimit, { days: d }), onError);
  const listErrors = useFieldErrors(saveList.error, ['cidrs']);
  const daysErrors = useFieldErrors(saveDays.error, ['days']);

  async function submitList(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const list = cidrs.split(/[\s,]+/).map((c) => c.trim()).filter(Boolean);
    const done = await saveList.run(list);
    if (done) {
      setCidrs(done.setIpAllowList.ipAllowList.join('\n'));
      onChanged(done.setIpAllowList, list.length ? 'The IP allow-list is saved.' : 'The IP allow-list is off: every address may sign in.');
    }
  }
  async function submitDays(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const done = await saveDays.run(days.trim() === '' ? null : Number(days));
    if (done) onChanged(done.setInactivityLimit, done.setInactivityLimit.inactivityLimitDays === null
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
          <Form className="form narrow" onSubmit={submitList} validationErrors={listErrors.fieldErrors}>
            <Field label="Allowed networks" hint="One IPv4 or IPv6 address or CIDR per line, such as 203.0.113.0/24 or 2001:db8::/32."
              name="cidrs" multiline value={cidrs} onChange={(v) => { setCidrs(v); listErrors.edited('cidrs'); }} />
            {listErrors.rest ? <ErrorNotice error={listErrors.rest} /> : null}
            <Button className="button button-primary" type="submit" isDisabled={saveList.pending}>Save allow-list</Button>
          </Form>
        ) : (
          <p><strong>{org.ipAllowList.length ? org.ipAllowList.join(', ') : 'Every address'}.</strong> An admin can change this.</p>
        )}
      </section>
      <section className="panel" aria-labelledby="inactivity-title">
        <h2 id="inactivity-title">Inactive members</h2>
        <p>Members who do not sign in for this many days are suspended: their sessions and connected apps end until an admin reactivates them on the Members page.</p>
        {mayChange ? (
          <Form className="form narrow" onSubmit={submitDays} validationErrors={daysErrors.fieldErrors}>
            <Field label="Days without a sign-in" hint="7 to 730 days; empty: never suspend." name="days" inputMode="numeric" value={days}
              onChange={(v) => { setDays(v); daysErrors.edited('days'); }} />
            {daysErrors.rest ? <ErrorNotice error={daysErrors.rest} /> : null}
            <Button className="button button-primary" type="submit" isDisabled={saveDays.pending}>Save inactivity limit</Button>
          </Form>
        ) : (
          <p><strong>{org.inactivityLimitDays === null ? 'Never' : `After ${org.inactivityLimitDays} days`}.</strong> An admin can change this.</p>
        )}
      </section>
    </>
  );
}
