import type { Services } from '../../src/platform/index';

// Rows of workflows that later issues own (decisions, screening, documents, risk, parties). Until their
// use cases exist, tests seed them directly: the pull API only reads them.

export async function seedDecision(svc: Services, orgId: string, casePk: number, d: { outcome?: 'approved' | 'declined'; notes?: string; analystEmail?: string; auto?: boolean; reason?: string | null; decidedAt?: Date } = {}): Promise<number> {
  const res = await svc.db.query(
    'INSERT INTO decisions (org_id, case_pk, outcome, notes, analyst_email, auto, reason, decided_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    [orgId, casePk, d.outcome ?? 'approved', d.notes ?? 'Looks fine.', d.analystEmail ?? 'analyst@example.com', d.auto ? 1 : 0, d.reason ?? null, d.decidedAt ?? new Date()],
  );
  return Number(res.insertId);
}

export async function seedRisk(svc: Services, orgId: string, casePk: number, r: { score?: number; band?: string } = {}): Promise<void> {
  await svc.db.query(
    `INSERT INTO risk_assessments (org_id, case_pk, config_id, composite_score, band_id, band_label, assessed_by, assessed_at) VALUES (?, ?, 1, ?, ?, ?, 'system', ?)`,
    [orgId, casePk, r.score ?? 42.5, r.band ?? 'medium', 'Medium risk', new Date()],
  );
}

export async function seedHit(svc: Services, orgId: string, casePk: number, h: { hitId: string; isPep?: boolean; isSanctioned?: boolean; triaged?: boolean }): Promise<void> {
  await svc.db.query(
    `INSERT INTO screening_hits (org_id, case_pk, hit_id, subject_id, subject_name, subject_role, caption, entity_schema, score, topics, positions, nationality,
       is_pep, is_sanctioned, source, detected_at, triage_status, triage_confidence, triage_disposition, triage_reason)
     VALUES (?, ?, ?, 'subj-1', 'John Doe', 'director', 'John DOE', 'Person', 0.91, '["sanction"]', '["Minister"]', '["gb"]', ?, ?, 'screening', ?, ?, ?, ?, ?)`,
    [orgId, casePk, h.hitId, h.isPep ? 1 : 0, h.isSanctioned ? 1 : 0, new Date(),
      h.triaged ? 'complete' : null, h.triaged ? 87 : null, h.triaged ? 'false_positive' : null, h.triaged ? 'Different date of birth.' : null],
  );
  await svc.db.query(
    `UPDATE cases SET total_hits = total_hits + 1, sanctioned_hits = sanctioned_hits + ?, pep_hits = pep_hits + ? WHERE pk = ?`,
    [h.isSanctioned ? 1 : 0, h.isPep ? 1 : 0, casePk],
  );
}

export async function seedDocument(svc: Services, orgId: string, casePk: number, d: { status?: string; filename?: string; extractedData?: object } = {}): Promise<number> {
  const now = new Date();
  const res = await svc.db.query(
    `INSERT INTO documents (org_id, case_pk, document_type, filename, mime_type, size_bytes, status, confidence, warnings, notes, extracted_data, uploaded_at, updated_at)
     VALUES (?, ?, 'Certificate of Incorporation', ?, 'application/pdf', 12345, ?, 'High', '["blurry page 2"]', NULL, ?, ?, ?)`,
    [orgId, casePk, d.filename ?? 'incorporation.pdf', d.status ?? 'complete', JSON.stringify(d.extractedData ?? { companyName: 'Seeded Ltd', registrationNumber: '01234567' }), now, now],
  );
  return Number(res.insertId);
}

export async function seedParty(svc: Services, orgId: string, casePk: number, p: { kind: 'director' | 'ubo'; position: number; name: string }): Promise<void> {
  await svc.db.query(
    `INSERT INTO case_parties (org_id, case_pk, kind, position, person_key, name, email, roles, ownership_percent, nationality, date_of_birth, id_number, id_country, country_of_residence, source)
     VALUES (?, ?, ?, ?, UUID(), ?, NULL, ?, ?, 'British', '1980-04-01', 'P123', 'GB', 'United Kingdom', 'registry')`,
    [orgId, casePk, p.kind, p.position, p.name, JSON.stringify([p.kind]), p.kind === 'ubo' ? 25.5 : null],
  );
}
