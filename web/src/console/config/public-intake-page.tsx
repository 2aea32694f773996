// Compliance Configuration › Public intake link: whether {APP_URL}/apply/<slug> answers, its slug, the full
// link with a Copy button and its QR code (drawn by the server). Compliance admins change it (audited); every
// member sees it.
import { useState } from 'react';
import { Switch } from 'react-aria-components';
import { graphql } from '../../gql';
import type { PublicIntakeSettingsQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Field } from '../../ui/field';
import { Page } from '../../ui/page';
import { QrCode } from '../../ui/qr-code';
import { ErrorNotice, Loading } from '../../ui/status';
import { useFieldErrors } from '../form-errors';
import { useSignInOnUnauthenticated } from '../require-member';
import { SaveForm } from './save-form';
import { CopyButton } from './ui';
import { useSettings } from './viewer';

const PublicIntakeSettings = graphql(`
  query PublicIntakeSettings {
    publicIntake {
      enabled
      slug
      url
      qrSvg
    }
  }
`);

const SetPublicIntakeMutation = graphql(`
  mutation SetPublicIntake($enabled: Boolean!, $slug: String) {
    setPublicIntake(enabled: $enabled, slug: $slug) {
      enabled
      slug
      url
      qrSvg
    }
  }
`);

type Intake = PublicIntakeSettingsQuery['publicIntake'];

export function PublicIntakePage() {
  const { viewer } = useSettings();
  const onError = useSignInOnUnauthenticated();
  const read = useRequest(() => execute(PublicIntakeSettings), 'public-intake', onError);
  const [saved, setSaved] = useState<{ intake: Intake; message: string } | null>(null);
  const intake = saved?.intake ?? (read.status === 'done' ? read.data.publicIntake : null);
  return (
    <Page title="Public intake link" area="Compliance configuration" lead="A link you publish (on your website, in a letter, as a QR code) where customers start an application by themselves.">
      {read.status === 'loading' ? <Loading label="Loading the intake link…" /> : null}
      {read.status === 'error' ? <ErrorNotice error={read.error} onRetry={read.reload} /> : null}
      {intake ? (
        <>
          <section className="panel" aria-labelledby="intake-link-title">
            <h2 id="intake-link-title">The link</h2>
            <p>
              <strong data-testid="intake-state">{intake.enabled ? 'On' : 'Off'}.</strong>{' '}
              {intake.enabled
                ? 'Customers who open it confirm their email with a one-time code and land in the portal on their application.'
                : 'The link does not answer until it is switched on: visitors see that it is not active.'}
            </p>
            <code className="intake-link" data-testid="intake-url">{intake.url}</code>
            <CopyButton text={intake.url} label="Copy link" />
            <QrCode svg={intake.qrSvg} label={`QR code of the link ${intake.url}`} />
          </section>
          <section className="panel" aria-labelledby="intake-settings-title">
            <h2 id="intake-settings-title">Settings</h2>
            {viewer.viewerCan.configurePublicIntake ? (
              <IntakeForm key={`${intake.enabled}:${intake.slug}`} intake={intake} saved={saved?.message ?? null} onSaved={(i, message) => setSaved({ intake: i, message })} />
            ) : (
              <p>Slug <code>{intake.slug}</code>. A compliance admin can change these settings.</p>
            )}
          </section>
        </>
      ) : null}
    </Page>
  );
}

function IntakeForm({ intake, saved, onSaved }: { intake: Intake; saved: string | null; onSaved: (intake: Intake, message: string) => void }) {
  const [enabled, setEnabled] = useState(intake.enabled);
  const [slug, setSlug] = useState(intake.slug);
  const save = useAction(() => execute(SetPublicIntakeMutation, { enabled, slug: slug.trim() === intake.slug ? null : slug }), useSignInOnUnauthenticated());
  const { fieldErrors, rest, edited } = useFieldErrors(save.error, ['slug', 'enabled']);
  const changed = enabled !== intake.enabled || slug.trim().toLowerCase() !== intake.slug;
  return (
    <SaveForm
      label="Public intake link settings" changed={changed} pending={save.pending} fieldErrors={fieldErrors} error={rest}
      saved={saved}
      onSave={async () => {
        const done = await save.run(undefined);
        if (!done) return;
        const next = done.setPublicIntake;
        const renamed = next.slug !== intake.slug ? ` The link is now ${next.url}; the old one no longer answers.` : '';
        onSaved(next, `${next.enabled ? 'The link is on.' : 'The link is off.'}${renamed}`);
      }}
    >
      <Switch className="switch" isSelected={enabled} onChange={setEnabled}>
        <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
        Accept applications through the link
      </Switch>
      <Field
        label="Slug" name="slug" value={slug} autoComplete="off" spellCheck="false" isRequired
        onChange={(v) => { setSlug(v); edited('slug'); }}
        hint="The last part of the link: 3 to 63 lowercase letters, digits and single hyphens, not used by another organisation. Renaming stops the old link at once."
      />
    </SaveForm>
  );
}
