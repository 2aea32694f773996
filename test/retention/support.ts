import { expect } from 'chai';
import { memberActor, operatorActor } from '../../src/access/index';
import { openCase } from '../../src/onboarding/index';
import { approveDecisionOverride, decideCase } from '../../src/decisions/index';
import type { Services } from '../../src/platform/index';
import { setFullParity, setZeroRetention, type Tenant } from '../../src/tenants/index';
import { seedDocument, seedHit, seedParty } from '../rest/factories';

// Shared by the zero-retention tests: a decided case of a full-parity tenant, with personal data in every
// category the purge removes (a document with a real blob, a party, a hit, the company profile).

/** Full-parity egress entitled and enabled, and (unless told) zero retention on. */
export async function zeroRetentionTenant(svc: Services, tenant: Tenant, zeroRetention = true): Promise<void> {
  await setFullParity(svc, operatorActor(tenant.id), { entitled: true, enabled: true });
  if (zeroRetention) await setZeroRetention(svc, operatorActor(tenant.id), { enabled: true });
}

export interface PersonalCase {
  caseId: string;
  pk: number;
  documentId: number;
  blobKey: string;
}

/** A case in_review with personal data everywhere, its document's bytes in the BlobStore. */
export async function personalCase(svc: Services, tenant: Tenant): Promise<PersonalCase> {
  const c = await openCase(svc, operatorActor(tenant.id), {
    source: 'manual', companyName: 'Retained Ltd', customerEmail: 'jane.doe@retained.example', customerName: 'Jane Doe',
  });
  await svc.db.query(
    `UPDATE company_profiles SET registered_address = '1 Home Street, Leeds', tax_id = 'TX-1', vat_number = 'GB123', business_activity = 'Jane sells hats',
       source_of_funds = 'Inheritance from her aunt', custom_answers = '{"favouriteColour":"blue"}', registration_number = '07654321'
     WHERE org_id = ? AND case_pk = ?`,
    [tenant.id, c.pk],
  );
  await seedParty(svc, tenant.id, c.pk, { kind: 'director', position: 0, name: 'Jane Doe' });
  await seedHit(svc, tenant.id, c.pk, { hitId: 'os-1', isPep: true, triaged: true });
  const documentId = await seedDocument(svc, tenant.id, c.pk, { filename: 'passport-jane-doe.pdf', extractedData: { fullName: 'Jane Doe', documentNumber: 'X1234567' } });
  const blob = await svc.blobs.put((async function* () {
    yield Buffer.from('%PDF-1.4 the passport of Jane Doe');
  })());
  await svc.db.query('UPDATE documents SET blob_key = ?, sha256 = ? WHERE org_id = ? AND id = ?', [blob.key, blob.sha256, tenant.id, documentId]);
  await svc.db.query("UPDATE cases SET status = 'in_review' WHERE org_id = ? AND pk = ?", [tenant.id, c.pk]);
  return { caseId: c.caseId, pk: c.pk, documentId, blobKey: blob.key };
}

/**
 * An analyst approves the case over its open checks (Jane Doe not verified, the hit without a disposition,
 * no routing) and, four-eyes being on, a colleague approves the override: the decision takes effect
 * (recording case.data_package.delivered when the tenant has full parity).
 */
export async function decide(svc: Services, tenant: Tenant, caseId: string): Promise<void> {
  const analyst = memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-0000000000a1', email: 'analyst@retained.example', role: 'analyst' });
  const colleague = memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-0000000000a2', email: 'colleague@retained.example', role: 'analyst' });
  await decideCase(svc, analyst, { caseId, outcome: 'approved', notes: 'All checks passed.', overrideReason: 'Verified in person at the branch.' });
  await approveDecisionOverride(svc, colleague, { caseId });
}

/** Whether the blob is still in the store. */
export async function blobExists(svc: Services, key: string): Promise<boolean> {
  try {
    const stream = await svc.blobs.open(key);
    stream.destroy();
    return true;
  } catch (err) {
    expect((err as { code?: string }).code).to.equal('ENOENT');
    return false;
  }
}

type Row = Record<string, unknown>;
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

/** What the database holds of the case's personal data, category by category. */
export async function storedPersonalData(svc: Services, orgId: string, pk: number) {
  const [c]: Row[] = await svc.db.query('SELECT customer_email, customer_email_key, customer_name, purged_at, status, company_name FROM cases WHERE org_id = ? AND pk = ?', [orgId, pk]);
  const [p]: Row[] = await svc.db.query(
    'SELECT registered_address, tax_id, vat_number, business_activity, customer_email, source_of_funds, custom_answers, registration_number FROM company_profiles WHERE org_id = ? AND case_pk = ?',
    [orgId, pk],
  );
  const parties: Row[] = await svc.db.query(
    'SELECT name, email, nationality, date_of_birth, id_number, id_country, country_of_residence, kind, roles FROM case_parties WHERE org_id = ? AND case_pk = ?', [orgId, pk],
  );
  const docs: Row[] = await svc.db.query('SELECT filename, extracted_data, warnings, notes, blob_key, purged_at, status FROM documents WHERE org_id = ? AND case_pk = ?', [orgId, pk]);
  const hits: Row[] = await svc.db.query(
    'SELECT subject_name, caption, nationality, triage_reason, disposition_note, is_pep, triage_disposition FROM screening_hits WHERE org_id = ? AND case_pk = ?', [orgId, pk],
  );
  return {
    case: c!, profile: { ...p!, custom_answers: json(p!.custom_answers) },
    parties: parties.map((x) => ({ ...x, roles: json(x.roles) })),
    documents: docs.map((d) => ({ ...d, extracted_data: json(d.extracted_data), warnings: json(d.warnings) })),
    hits: hits.map((h) => ({ ...h, nationality: json(h.nationality) })),
  };
}

/** The tenant's purge audit lines. */
export async function purgeAudit(svc: Services, orgId: string): Promise<{ actor: string; details: Record<string, unknown> }[]> {
  const rows: { actor: string; details: unknown }[] = await svc.db.query(
    "SELECT actor, details FROM tenant_config_audit_log WHERE org_id = ? AND action = 'case.personal_data.purged' ORDER BY id", [orgId],
  );
  return rows.map((r) => ({ actor: r.actor, details: json(r.details) as Record<string, unknown> }));
}
