import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { activeScreeningSettings } from './screening-settings.repository';
import { screeningSettingsView, type ScreeningSettingsView } from './screening-views';

/** The tenant's active screening settings (the default, stored as version 1, when it never edited them). Any member. */
export async function getScreeningSettings(svc: Services, actor: Actor): Promise<ScreeningSettingsView> {
  authorize(actor, 'screening_settings:read');
  return screeningSettingsView(await activeScreeningSettings(forTenant(svc.db, actor), svc.config.screeningMatchThreshold, svc.clock.now()));
}
