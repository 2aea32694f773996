import { createDevTls, type DevTls } from '../../bin/dev-tls';

let trusted: DevTls | null = null;
let rogue: DevTls | null = null;

/**
 * The run's test CA and a server certificate it signs (127.0.0.1, ::1, localhost, receiver.test), made
 * with openssl in a temporary directory on first use. The shared runtime's webhook sender trusts this
 * CA (compose's webhookCa); child processes get it through NODE_EXTRA_CA_CERTS.
 */
export function testTls(): DevTls {
  trusted ??= createDevTls({ names: ['receiver.test'], days: 2 });
  return trusted;
}

/** Another CA's certificate for 127.0.0.1: valid in form, trusted by nobody (the TLS-error case). */
export function rogueTls(): DevTls {
  rogue ??= createDevTls({ days: 2 });
  return rogue;
}
