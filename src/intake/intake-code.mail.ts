import type { Tx } from '../db/transaction';
import type { MailKind } from '../mail/index';
import { openSecret } from '../security/secret-box';
import { INTAKE_CODE_MAIL, INTAKE_CODE_TTL_MS, intakeCodeAad } from './intake-codes';
import { renderIntakeCodeEmail } from './intake-email';

interface CodeRow {
  org_id: string;
  email: string;
  code_hash: string;
  key_id: string;
  code_sealed: string | null;
  tenant_name: string;
  brand_color: string;
  logo_url: string | null;
}

const eraseCode = (tx: Tx, orgId: string, codeId: number) =>
  tx.manager.query('UPDATE intake_codes SET code_sealed = NULL WHERE org_id = ? AND id = ?', [orgId, codeId]);

/**
 * The public intake's code email in the mail outbox: the digits are opened from the code's sealed copy at
 * each attempt and erased once the mail system accepted the email or it was given up. The outbox never
 * sends it, nor plans a retry, once the code expired (its sendBefore).
 */
export const intakeCodeMail: MailKind = {
  kind: INTAKE_CODE_MAIL,
  async render(svc, mail) {
    const [row]: CodeRow[] = await svc.db.query(
      `SELECT k.org_id, k.email, k.code_hash, k.key_id, k.code_sealed, t.name AS tenant_name, t.brand_color, t.logo_url
       FROM intake_codes k JOIN tenants t ON t.id = k.org_id WHERE k.org_id = ? AND k.id = ?`,
      [mail.orgId, mail.reference],
    );
    if (!row || !row.code_sealed) return { unsendable: 'The code was erased before it could be sent.' };
    const code = openSecret(svc.config.secretsKeys, { keyId: row.key_id, ciphertext: row.code_sealed }, intakeCodeAad(row.org_id, row.code_hash));
    const message = renderIntakeCodeEmail({
      branding: { name: row.tenant_name, brandColor: row.brand_color, logoUrl: row.logo_url }, code, minutes: Math.round(INTAKE_CODE_TTL_MS / 60_000),
    });
    return { to: row.email, fromName: row.tenant_name, ...message };
  },
  async onAccepted(tx, mail) {
    await eraseCode(tx, mail.orgId, mail.reference);
  },
  async onFailed(tx, mail) {
    await eraseCode(tx, mail.orgId, mail.reference);
  },
};
