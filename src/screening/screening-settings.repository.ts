import { type TenantDb } from '../db/index';
import { defaultScreeningSettings, type ScreeningSettingsDefinition } from './screening-settings';

/** The SQL of a tenant's screening settings versions. Every function takes a tenant-bound handle (forTenant over a manager or the pool). */

/** A stored version of a tenant's screening settings. */
export interface ScreeningSettings {
  id: number;
  version: number;
  settings: ScreeningSettingsDefinition;
  createdBy: string;
  createdAt: Date;
}

interface ScreeningSettingsRow { id: number; version: number; settings: ScreeningSettingsDefinition | string; created_by: string; created_at: Date }

const toScreeningSettings = (r: ScreeningSettingsRow): ScreeningSettings => ({
  id: r.id, version: r.version, settings: typeof r.settings === 'string' ? (JSON.parse(r.settings) as ScreeningSettingsDefinition) : r.settings,
  createdBy: r.created_by, createdAt: r.created_at,
});

/** The tenant's newest settings version, or null when it has none yet. */
export async function findActiveScreeningSettings(db: TenantDb): Promise<ScreeningSettings | null> {
  const orgId = db.orgId;
  const [row]: ScreeningSettingsRow[] = await db.query(
    'SELECT id, version, settings, created_by, created_at FROM screening_settings WHERE org_id = ? ORDER BY version DESC LIMIT 1', [orgId],
  );
  return row ? toScreeningSettings(row) : null;
}

/**
 * The tenant's active settings; on first use the default (with the configured threshold) is stored as
 * its version 1. INSERT IGNORE on (org_id, version): two first uses racing store one.
 */
export async function activeScreeningSettings(db: TenantDb, defaultThreshold: number, now: Date): Promise<ScreeningSettings> {
  const orgId = db.orgId;
  const found = await findActiveScreeningSettings(db);
  if (found) return found;
  await db.query(
    `INSERT IGNORE INTO screening_settings (org_id, version, settings, created_by, created_at) VALUES (?, 1, ?, 'system', ?)`,
    [orgId, JSON.stringify(defaultScreeningSettings(defaultThreshold)), now],
  );
  return (await findActiveScreeningSettings(db))!;
}

/** Stores a new version (the caller holds the tenant row lock, so versions do not race). Returns it. */
export async function insertScreeningSettingsVersion(db: TenantDb, settings: ScreeningSettingsDefinition, createdBy: string, now: Date): Promise<ScreeningSettings> {
  const orgId = db.orgId;
  const [{ v }]: { v: number | null }[] = await db.query('SELECT MAX(version) AS v FROM screening_settings WHERE org_id = ?', [orgId]);
  await db.query(
    'INSERT INTO screening_settings (org_id, version, settings, created_by, created_at) VALUES (?, ?, ?, ?, ?)',
    [orgId, (v ?? 0) + 1, JSON.stringify(settings), createdBy, now],
  );
  return (await findActiveScreeningSettings(db))!;
}
