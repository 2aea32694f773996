import { randomUUID } from 'node:crypto';
import type { Services } from '../../src/platform/index';

// Rows of workflows other features own (the portal's parties, extracted documents) are seeded directly,
// as test/rest/factories.ts does.

export interface SeededParty {
  personKey: string;
  name: string;
}

/** A director or UBO of a case with the given identity; `personKey` shares one human across two roles. */
export async function seedParty(
  svc: Services, orgId: string, casePk: number,
  p: { kind?: 'director' | 'ubo'; position?: number; name: string; email?: string | null; dateOfBirth?: string | null; nationality?: string | null;
    idNumber?: string | null; idCountry?: string | null; personKey?: string; roles?: string[] },
): Promise<SeededParty> {
  const personKey = p.personKey ?? randomUUID();
  const kind = p.kind ?? 'director';
  await svc.db.query(
    `INSERT INTO case_parties (org_id, case_pk, kind, position, person_key, name, email, roles, nationality, date_of_birth, id_number, id_country, source)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'application_form')`,
    [orgId, casePk, kind, p.position ?? 0, personKey, p.name, p.email ?? null, JSON.stringify(p.roles ?? [kind]), p.nationality ?? 'GB',
      p.dateOfBirth === undefined ? '1980-04-01' : p.dateOfBirth, p.idNumber ?? null, p.idCountry ?? null],
  );
  return { personKey, name: p.name };
}

/** A document of a case as extraction leaves it: a passport (default) with its MRZ expiry, complete. */
export async function seedIdDocument(
  svc: Services, orgId: string, casePk: number, d: { type?: string; status?: string; expiryDate?: string | null; filename?: string } = {},
): Promise<number> {
  const now = new Date();
  const data = d.expiryDate === null ? {} : { expiryDate: d.expiryDate ?? '2031-01-01', documentNumber: 'X1234567' };
  const res: { insertId: number } = await svc.db.query(
    `INSERT INTO documents (org_id, case_pk, document_type, filename, mime_type, size_bytes, status, confidence, warnings, notes, extracted_data, uploaded_at, updated_at)
     VALUES (?, ?, ?, ?, 'application/pdf', 2048, ?, 'High', '[]', NULL, ?, ?, ?)`,
    [orgId, casePk, d.type ?? 'passport', d.filename ?? 'passport.pdf', d.status ?? 'complete', JSON.stringify(data), now, now],
  );
  return Number(res.insertId);
}
