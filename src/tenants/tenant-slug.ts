import type { EntityManager } from 'typeorm';
import { randomBytes } from 'node:crypto';
import { crossTenant } from '../db/cross-tenant';

/**
 * A tenant's slug: the last part of its public intake link `{APP_URL}/apply/<slug>`. 3 to 63 characters,
 * lowercase ASCII letters and digits in groups joined by single hyphens (no hyphen first or last), unique
 * across tenants. Every tenant has one from creation (derived from its name, see slugFromName); a
 * compliance admin may choose another (setPublicIntake).
 */
export const SLUG_PATTERN = /^(?=.{3,63}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_RULE = 'must be 3 to 63 lowercase letters, digits and single hyphens, starting and ending with a letter or digit';

const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };

/**
 * The slug a name suggests: lower case, accents dropped (NFKD without combining marks; ß as ss, æ as ae
 * ...), every run of anything but a-z and 0-9 as one hyphen, at most 40 characters, no hyphen at either
 * end; shorter than 3 gets the prefix `org-` (nothing left at all: `org`). "Société Générale (UK)" gives
 * `societe-generale-uk`. Frozen in migration 1763700750000 for the tenants that existed before it.
 */
export function slugFromName(name: string): string {
  const base = name.toLowerCase().replace(/[ßæœøđðłþı]/g, (c) => LETTERS[c]!).normalize('NFKD').replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+/, '').slice(0, 40).replace(/-+$/, '');
  if (base.length >= 3) return base;
  return base ? `org-${base}` : 'org';
}

/**
 * A free slug for a new tenant named `name`: its name's slug, else the first free of `-2` … `-9`, else
 * a random suffix (`-k3x9q2`). The unique key decides under races; the caller retries on a duplicate.
 */
export async function freeSlugFor(manager: EntityManager, name: string, attempt = 0): Promise<string> {
  const base = slugFromName(name);
  const random = () => `${base}-${randomBytes(6).readUIntBE(0, 6).toString(36).slice(0, 6)}`;
  if (attempt > 0) return random();
  const candidates = [base, ...Array.from({ length: 8 }, (_, i) => `${base}-${i + 2}`)];
  const taken: { slug: string }[] = await crossTenant(manager, 'tenant-slug').query('SELECT slug FROM tenants WHERE slug IN (?)', [candidates]);
  return candidates.find((c) => !taken.some((t) => t.slug === c)) ?? random();
}

/** Whether err is the unique key of tenants.slug refusing a duplicate. */
export function isDuplicateSlug(err: unknown): boolean {
  const e = err as { code?: string; message?: string; driverError?: { code?: string; message?: string } };
  const code = e?.code ?? e?.driverError?.code;
  const message = e?.message ?? e?.driverError?.message ?? '';
  return code === 'ER_DUP_ENTRY' && message.includes('uq_tenants_slug');
}
