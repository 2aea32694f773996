import { operatorActor, SERVICE_OPERATOR, type CustomerActor } from '../src/access/index';
import { forTenant } from '../src/db/index';
import { uploadDocuments } from '../src/documents/index';
import { listCasePersons } from '../src/idv/verifications.repository';
import { createCase } from '../src/onboarding/index';
import { createLogger, type Config, type Services } from '../src/platform/index';
import { saveApplication } from '../src/portal/index';
import type { ScreeningSubject } from '../src/screening/index';
import { createTenant } from '../src/tenants/index';
import { compose, prepareDatabases, type Runtime } from '../bin/compose';
import { CERTIFICATE_LINES, passportPdf, proofOfAddressLines, textPdf } from '../test/documents/support';
import { benchConfig } from './support';
import { sampleQueries, type SyntheticNames } from './watchlist';

type WatchlistQuery = SyntheticNames['queries'][number];

/**
 * What the pipeline benchmarks share: throwaway databases and DATA_DIR, a synthetic FtM watchlist of
 * `entities` entities, a tenant, and cases opened with an application (a company, one director who is
 * the UBO, half the names drawn from the list) whose three PDFs (certificate of incorporation, passport
 * with an MRZ, proof of address) are uploaded when the benchmark says.
 */
export interface PipelineBenchEnv {
  config: Config;
  rt: Runtime;
  svc: Services;
  orgId: string;
  watchlist: string;
  /** Opens case `i` with its application (documents not uploaded yet). */
  openCase(i: number): Promise<{ actor: CustomerActor; subjects: ScreeningSubject[] }>;
  /** Uploads the case's three PDFs (their extraction jobs are queued). */
  uploadDocuments(actor: CustomerActor): Promise<void>;
  /**
   * Marks the case's review step confirmed without waiting for extraction (the portal's confirmReview refuses
   * while documents are processing): for the throughput benchmark, whose extraction jobs run in its timed part.
   */
  markReviewConfirmed(actor: CustomerActor): Promise<void>;
  /**
   * Every person of the case has verified their identity already (a completed, passed verification on the case),
   * so the verify step sends no link and routing does not wait for a person: the benchmarks time the machine's part
   * of a decision, not a customer's. (A document uploaded with the application never satisfies a verification by
   * itself: it must have been accepted by the verifier or an analyst.)
   */
  markIdentityVerified(actor: CustomerActor): Promise<void>;
  close(): Promise<void>;
}

async function* bytesOf(bytes: Buffer) {
  yield bytes;
}

export async function startPipelineBench(cases: number, entities: number): Promise<PipelineBenchEnv> {
  const { config, watchlist, dispose } = await benchConfig('pipeline', entities, {
    WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY ?? '16', EXTRACTION_OCR: 'false',
  });
  await prepareDatabases(config, createLogger('silent'));
  const rt = await compose(config);
  const svc = rt.svc;
  const close = async () => {
    await rt.close();
    await dispose();
  };
  try {
    // The subjects: half of them listed names (reordered, transliterated, misspelt), half unlisted.
    const queries = await sampleQueries(watchlist, cases * 2, 15);
    const people = queries.filter((q) => q.schema === 'Person');
    const companies = queries.filter((q) => q.schema === 'Company');
    const tenant = await createTenant(svc, SERVICE_OPERATOR, { name: 'Bench Pipeline' });
    const files = [
      { filename: 'certificate.pdf', bytes: await textPdf(CERTIFICATE_LINES) },
      { filename: 'passport.pdf', bytes: await passportPdf() },
      { filename: 'proof-of-address.pdf', bytes: await textPdf(proofOfAddressLines(new Date().toISOString().slice(0, 10))) },
    ];
    return {
      config, rt, svc, orgId: tenant.id, watchlist, close,
      openCase: (i) => openCase(svc, tenant.id, i, people[i % people.length]!, companies.length ? companies[i % companies.length]! : null),
      uploadDocuments: (actor) => uploadDocuments(svc, actor, { files: (async function* () {
        for (const f of files) yield { filename: f.filename, content: bytesOf(f.bytes) };
      })() }).then(() => undefined),
      markReviewConfirmed: async (actor) => {
        await svc.db.query('UPDATE company_profiles SET review_confirmed_at = NOW(3) WHERE org_id = ? AND case_pk = ?', [actor.orgId, actor.casePk]);
      },
      markIdentityVerified: async (actor) => {
        const now = svc.clock.now();
        for (const person of await listCasePersons(forTenant(svc.db.manager, actor.orgId), actor.casePk)) {
          await svc.db.query(
            `INSERT INTO identity_verifications (org_id, case_pk, person_key, state, outcome, vendor_name, started_at, completed_at, created_at, updated_at)
             VALUES (?, ?, ?, 'completed', 'pass', 'bench', ?, ?, ?, ?)`,
            [actor.orgId, actor.casePk, person.personKey, now, now, now, now],
          );
        }
      },
    };
  } catch (err) {
    await close();
    throw err;
  }
}

async function openCase(
  svc: Services, orgId: string, i: number, person: WatchlistQuery, company: WatchlistQuery | null,
): Promise<{ actor: CustomerActor; subjects: ScreeningSubject[] }> {
  const companyName = company ? company.name : `Bench Trading ${i} Ltd`;
  const email = `bench+${i}@pipeline.example`;
  const created = await createCase(svc, operatorActor(orgId), {
    body: { customerEmail: email, companyName, sendInvite: false },
    render: (o) => ({ status: 201, body: o.kind === 'created' ? o.case : {} }),
  });
  const caseId = (created.response.body as { caseId: string }).caseId;
  const [row]: { pk: number }[] = await svc.db.query('SELECT pk FROM cases WHERE org_id = ? AND case_id = ?', [orgId, caseId]);
  const actor: CustomerActor = { kind: 'customer', orgId, casePk: Number(row!.pk), caseId, email };
  const director = { name: person.name, email: `director+${i}@pipeline.example`, roles: ['director'], nationality: 'GB', dateOfBirth: person.birthDate ?? '1970-01-01', countryOfResidence: 'GB' };
  await saveApplication(svc, actor, {
    application: {
      companyProfile: {
        companyName, registrationNumber: `0${9000000 + i}`, country: 'GB', entityType: 'Private limited company', incorporationDate: '2015-03-14',
        registeredAddress: '1 King Street, London EC2V 8AU', businessActivity: 'Wholesale', sourceOfFunds: 'Trading revenue', transactsInternationally: false,
      },
      ownership: { hasUbos: true, directors: [director], ubos: [{ ...director, roles: ['ubo'], ownershipPercent: 100 }] },
    },
  });
  return {
    actor,
    subjects: [
      { subjectId: 'company', name: companyName, role: 'company', schema: 'Company', birthDate: null, nationality: null, country: 'GB' },
      { subjectId: 'director:0', name: director.name, role: 'director', schema: 'Person', birthDate: director.dateOfBirth, nationality: 'GB', country: 'GB' },
      { subjectId: 'ubo:0', name: director.name, role: 'ubo', schema: 'Person', birthDate: director.dateOfBirth, nationality: 'GB', country: 'GB' },
    ],
  };
}
