// Compliance Configuration › Organisation: the organisation's settings, one panel each (Require MFA, four-eyes
// approval, the default MLRO, webhook failure alerts, identity verification, and, when the operator has granted
// the entitlement, full-parity egress and zero retention; then the monitoring schedule, reminders and the reuse
// window). Every panel saves the same way (save-form.tsx: a draft, "Save changes" once something changed,
// "Saved." after); those who may not change a panel read its state in words.
import { graphql } from '../../gql';
import { execute } from '../../lib/graphql';
import { Page } from '../../ui/page';
import { DefaultMlroPanel, IdentityVerificationPanel, WebhookAlertPanel } from './organisation-panels';
import { MonitoringSchedulePanel } from './monitoring-schedule';
import { NetworkSettings } from './network-settings';
import { PersonReuseWindowSection } from './person-reuse-window';
import { ReminderSchedulePanel } from './reminder-schedule-panel';
import { SsoPanel } from './sso-panel';
import { SwitchPanel } from './switch-panel';
import { useSettings } from './viewer';

const SetFourEyes = graphql(`
  mutation SetFourEyes($enabled: Boolean!) {
    setFourEyes(enabled: $enabled) {
      ...OrganisationFields
    }
  }
`);

const SetMfaRequired = graphql(`
  mutation SetMfaRequired($enabled: Boolean!) {
    setMfaRequired(enabled: $enabled) {
      ...OrganisationFields
    }
  }
`);

const SetFullParity = graphql(`
  mutation SetFullParityEgress($enabled: Boolean!) {
    setFullParityEgress(enabled: $enabled) {
      ...OrganisationFields
    }
  }
`);

const SetZeroRetention = graphql(`
  mutation SetZeroRetention($enabled: Boolean!) {
    setZeroRetention(enabled: $enabled) {
      ...OrganisationFields
    }
  }
`);

export function OrganisationPage() {
  const { viewer } = useSettings();
  const org = viewer.org;
  const can = viewer.viewerCan;
  return (
    <Page title="Organisation settings" area="Compliance configuration" lead={`The compliance settings of ${org.name}. Each panel saves on its own.`}>
      <dl className="facts">
        <dt>Organisation id</dt>
        <dd><code>{org.id}</code></dd>
      </dl>
      <SwitchPanel
        id="mfa" title="Second factor" label="Require MFA" value={org.mfaRequired} mayChange={can.configureMfa} whoMay="An admin"
        states={['Required', 'Not required']}
        save={async (enabled) => (await execute(SetMfaRequired, { enabled })).setMfaRequired}
        said={(on) => (on ? 'Every member now needs a second factor.' : 'A second factor is no longer required.')}
      >
        <p>
          When on, every member needs an authenticator app or a passkey. A member without one is sent to set it up when they next
          use the console, and can do nothing else until then. Turn it on once your own second factor is set up (Security, in your profile).
        </p>
      </SwitchPanel>
      {can.configureSso ? <SsoPanel /> : null}
      <NetworkSettings org={org} currentAddress={viewer.currentAddress ?? null} mayChange={can.configureNetwork} />
      <SwitchPanel
        id="four-eyes" title="Four-eyes approval" label="Require four-eyes approval" value={org.fourEyes} mayChange={can.setFourEyes} whoMay="A compliance admin"
        save={async (enabled) => (await execute(SetFourEyes, { enabled })).setFourEyes}
        said={(on) => (on ? 'Four-eyes approval is on.' : 'Four-eyes approval is off.')}
      >
        <p>When on, a monitoring-review verdict, and an approval of a case over its open checks, needs a second person to approve it.</p>
      </SwitchPanel>
      <DefaultMlroPanel mayChange={can.setDefaultMlro} />
      <WebhookAlertPanel mayChange={can.setWebhookAlertThreshold} />
      <IdentityVerificationPanel mayChange={can.configureIdentityVerification} />
      {org.fullParityEntitled ? (
        <SwitchPanel
          id="full-parity" title="Full-parity egress" label="Send the full case file" value={org.fullParityEnabled} mayChange={can.setFullParityEgress}
          whoMay="A compliance admin"
          save={async (enabled) => (await execute(SetFullParity, { enabled })).setFullParityEgress}
          said={(on, before) => (on ? 'Full-parity egress is on.'
            : `Full-parity egress is off.${before.zeroRetention ? ' Zero retention is off too: it needs full-parity egress.' : ''}`)}
        >
          <p>
            When on, every decision also sends the complete case file (case.data_package.delivered), and the pull API serves it to
            credentials with the read:full_case scope.
          </p>
        </SwitchPanel>
      ) : null}
      {org.fullParityEntitled ? (
        <SwitchPanel
          id="zero-retention" title="Zero retention" label="Purge personal data after delivery" value={org.zeroRetention} mayChange={can.setZeroRetention}
          whoMay="A compliance admin" isDisabled={!org.fullParityEnabled && !org.zeroRetention}
          save={async (enabled) => (await execute(SetZeroRetention, { enabled })).setZeroRetention}
          said={(on) => (on ? 'Zero retention is on.' : 'Zero retention is off.')}
          after={!org.fullParityEnabled ? <p className="field-hint">Switch full-parity egress on first: the purge waits for the full case file to be delivered.</p> : null}
        >
          <p>
            When on, a decided case&apos;s personal data (documents and their files, extracted data, parties, the customer&apos;s contact details)
            is purged once every webhook endpoint subscribed to case.data_package.delivered has answered its delivery with a 2xx. A failed or
            paused delivery, or no subscribed endpoint at all, holds the purge. The case keeps its ids, status, decision and risk band.
          </p>
        </SwitchPanel>
      ) : null}
      <MonitoringSchedulePanel mayChange={can.configureMonitoring} />
      <ReminderSchedulePanel mayChange={can.configureReminders} />
      <PersonReuseWindowSection mayChange={can.configurePersonReuse} />
    </Page>
  );
}
