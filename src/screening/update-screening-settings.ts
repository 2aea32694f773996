import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/index';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { lockTenant } from '../tenants/index';
import { validateScreeningSettings } from './screening-settings';
import { activeScreeningSettings, insertScreeningSettingsVersion } from './screening-settings.repository';
import { screeningSettingsView, type ScreeningSettingsView } from './screening-views';

/**
 * A compliance admin edits the screening settings: checked field by field (validation_failed with every
 * problem's path), stored as a new version and written to the configuration audit log
 * (`screening_settings.updated`, with the previous and new versions and the settings). The next
 * screening of a case applies them; hits already raised stay.
 */
export async function updateScreeningSettings(svc: Services, actor: Actor, input: unknown): Promise<ScreeningSettingsView> {
  authorize(actor, 'screening_settings:configure');
  const valid = validateScreeningSettings(input);
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    // The tenant row lock orders concurrent edits: each gets the next version.
    await lockTenant(tx.manager, actor.orgId);
    const now = svc.clock.now();
    const previous = await activeScreeningSettings(db, svc.config.screeningMatchThreshold, now);
    const created = await insertScreeningSettingsVersion(db, valid, auditName(actor), now);
    await recordAudit(tx, {
      orgId: actor.orgId, actor: auditName(actor), action: 'screening_settings.updated',
      details: { settingsId: created.id, version: created.version, previousSettingsId: previous.id, previousVersion: previous.version, settings: valid },
      at: now,
    });
    return screeningSettingsView(created);
  });
}
