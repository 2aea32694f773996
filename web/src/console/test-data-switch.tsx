import { useState } from 'react';
import { Switch } from 'react-aria-components';
import { setConsoleMode, useViewer } from './session';

/**
 * The header's "Test data" switch (Stripe's test mode): on, the console shows and makes the organisation's test
 * data (test cases, test credentials, test webhook endpoints, the kept mail of test cases), and an orange banner
 * says so on every page. It belongs to this browser's session.
 */
export function TestDataSwitch() {
  const viewer = useViewer();
  const [busy, setBusy] = useState(false);
  if (!viewer) return null;
  const on = viewer.mode === 'test';
  return (
    <Switch
      className="switch test-data-switch"
      isSelected={on}
      isDisabled={busy}
      onChange={(next) => {
        setBusy(true);
        setConsoleMode(next ? 'test' : 'live').catch(() => setBusy(false));
      }}
    >
      <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
      Test data
    </Switch>
  );
}

/** The orange band under the header while the console shows test data. */
export function TestDataBanner() {
  const viewer = useViewer();
  if (viewer?.mode !== 'test') return null;
  return (
    <div className="test-data-banner" role="status" data-testid="test-data-banner">
      <strong>Test data</strong>: you are viewing and changing test data. Test cases never reach live credentials or live webhook
      endpoints, and no email leaves the service (see Mail).
    </div>
  );
}
