import PDFDocument from 'pdfkit';
import { transliterate } from 'transliteration';
import type { CaseEvidence } from './collect-evidence';

/** WinAnsi text for pdfkit's standard fonts: names in any script are transliterated (Zhelezny, not Железный). */
const t = (v: unknown): string => (v === null || v === undefined || v === '' ? '-' : transliterate(String(v)));

/**
 * The pack's report.pdf: a readable case report (company, parties, documents, screening with explanations,
 * risk, AI review, every decision with its provenance, purge notice, timeline), made server-side with pdfkit
 * and its standard fonts (nothing fetched). Deterministic apart from the generation time it prints.
 */
export function renderEvidenceReport(e: CaseEvidence, generatedAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4', margin: 50,
    info: { Title: `Evidence pack ${e.caseId}`, Author: 'Compliance onboarding service', CreationDate: generatedAt, ModDate: generatedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const h1 = (s: string) => doc.font('Helvetica-Bold').fontSize(18).text(t(s)).moveDown(0.5);
  const h2 = (s: string) => doc.moveDown(0.6).font('Helvetica-Bold').fontSize(13).text(t(s)).moveDown(0.2);
  const h3 = (s: string) => doc.font('Helvetica-Bold').fontSize(10.5).text(t(s));
  const line = (label: string, value: unknown) => doc.font('Helvetica-Bold').fontSize(9.5).text(`${label}: `, { continued: true }).font('Helvetica').text(t(value));
  const para = (s: unknown) => doc.font('Helvetica').fontSize(9.5).text(t(s));
  const f = e.caseFile;

  h1(`Case report ${e.caseId}`);
  line('Company', f.companyProfile?.companyName ?? null);
  line('Status', f.status);
  line('Created', e.createdAt);
  line('Organisation', e.orgId);
  line('Report generated', generatedAt.toISOString());
  if (e.purge) {
    h2('Personal data purged');
    para(`The personal data of this case was purged on ${e.purge.purgedAt}${e.purge.purgedBy ? ` by ${e.purge.purgedBy}` : ''} (zero retention). `
      + `Purged: ${e.purge.categories.join(', ')}. What this pack holds is what was kept: the case skeleton, decisions with provenance, events as redacted, and the audit trail.`);
    if (e.purge.counts) para(`Counts: ${Object.entries(e.purge.counts).map(([k, v]) => `${k} ${String(v)}`).join(', ')}`);
  }

  h2('Company');
  if (f.companyProfile) {
    const p = f.companyProfile;
    line('Registration number', p.registrationNumber);
    line('Country', p.country);
    line('Entity type', p.entityType);
    line('Incorporated', p.incorporationDate);
    line('Registered address', p.registeredAddress);
    line('Industry', p.industrySector);
    line('Business activity', p.businessActivity);
    line('Customer email', p.customerEmail);
  } else para('Purged.');

  h2('Parties');
  if (f.ownership) {
    for (const [kind, list] of [['Director', f.ownership.directors], ['UBO', f.ownership.ubos]] as const) {
      for (const o of list) {
        para(`${kind}: ${t(o.name)}; nationality ${t(o.nationality)}; born ${t(o.dateOfBirth)}${o.ownershipPercent !== null ? `; owns ${o.ownershipPercent}%` : ''}`);
      }
    }
    if (!f.ownership.directors.length && !f.ownership.ubos.length) para('None recorded.');
  } else para('Purged.');

  h2('Documents');
  if (!e.documents.length) para('None.');
  for (const d of e.documents) {
    para(`#${d.id} ${t(d.filename)} (${t(d.documentType)}): ${d.status}, confidence ${t(d.confidence)}, ${d.sizeBytes} bytes`);
    para(`   SHA-256 ${d.sha256 ?? (d.purgedAt ? `none (purged ${d.purgedAt.toISOString()})` : 'not stored')}`);
  }

  h2('Screening');
  if (!e.screeningHits.length) para('No hits.');
  for (const h of e.screeningHits) {
    h3(`${h.hitId}: ${t(h.caption)} (subject ${t(h.subjectName)}, ${t(h.subjectRole)})`);
    para(`Sanctioned ${h.isSanctioned ? 'yes' : 'no'}, PEP ${h.isPep ? 'yes' : 'no'}, score ${t(h.score)}, topics ${t(h.topics.join(', '))}`);
    if (h.triage) para(`Triage: ${t(h.triage.disposition)} (${t(h.triage.provider)} ${t(h.triage.model)}), confidence ${t(h.triage.confidence)}: ${t(h.triage.shortReason)}`);
    para(`Disposition: ${t(h.disposition)}${h.disposition ? ` by ${t(h.dispositionBy)} at ${t(h.dispositionedAt)}: ${t(h.dispositionNote)}` : ''}`);
  }

  h2('Risk');
  if (e.risk) {
    line('Score', `${e.risk.compositeScore} (${e.risk.bandLabel})`);
    line('Model', `version ${t(e.risk.modelVersion)} (id ${e.risk.modelId})`);
    line('Assessed', `${e.risk.assessedAt.toISOString()} by ${e.risk.assessedBy}`);
    for (const x of e.risk.factors) para(`${t(x.label)}: ${x.points} points (weight ${x.weight}, score ${x.score}) ${t(x.detail)}`);
  } else para('Not assessed.');

  h2('AI review');
  if (e.aiReview) {
    line('Recommendation', `${e.aiReview.recommendation} (${e.aiReview.confidence} confidence)`);
    line('Reviewer', e.aiReview.reviewer);
    line('Completed', e.aiReview.completedAt);
    for (const r of e.aiReview.riskFactors) para(`${r.severity}: ${t(r.text)}`);
  } else para('None.');

  h2('Decisions');
  if (!e.decisions.length) para('None.');
  for (const d of e.decisions) {
    h3(`Decision ${d.id}: ${d.outcome} by ${t(d.analystEmail)} at ${d.decidedAt}${d.auto ? ` (automatic, ${t(d.reason)})` : ''}`);
    para(d.notes);
    const p = d.provenance;
    if (!p) {
      para('Provenance: not recorded (decision made before provenance existed).');
      continue;
    }
    if (p.decision.override) para(`Override of open checks: ${t(p.decision.override.reason)}; second member ${t(p.decision.override.approvedBy)}`);
    if (p.policy) {
      const rule = p.policy.gate ?? (p.policy.matchedRuleIndex === null ? 'default outcome' : `rule ${p.policy.matchedRuleIndex} "${t(p.policy.matchedRuleName)}"`);
      para(`Policy: "${t(p.policy.name)}" version ${p.policy.version}, ${rule}: ${p.policy.outcome}`);
    }
    if (p.risk) para(`Risk: ${p.risk.compositeScore} (${t(p.risk.bandLabel)}), model version ${t(p.risk.modelVersion)}`);
    para(`Watchlist version: ${t(p.screening.watchlistVersion)} (${p.screening.watchlistVersionSource}); hits: ${p.screening.hits.length}`
      + (p.screening.hits.length ? ` (${p.screening.hits.map((h) => `${h.hitId} ${t(h.disposition ?? h.triage?.disposition ?? 'untriaged')}${h.dispositionBy ? ` by ${t(h.dispositionBy)}` : ''}`).join('; ')})` : ''));
    if (p.aiReview) para(`AI review: #${p.aiReview.id} ${p.aiReview.model}: ${p.aiReview.recommendation}`);
    para(`Extraction engine: ${t(p.documents.extractionEngine)}; documents: ${p.documents.items.map((x) => `#${x.id} ${x.sha256 ? x.sha256.slice(0, 16) : 'no digest'}`).join(', ') || 'none'}`);
    para(`Identity verification: ${p.identityVerifications.map((v) => `${t(v.name)} ${t(v.outcome ?? v.status)}`).join('; ') || 'nobody to verify'}`);
    para(`EDD: ${p.edd.map((x) => `${t(x.label)} ${x.status}`).join('; ') || 'none'}`);
    para(`Members involved: ${p.members.map((m) => `${t(m.name)} (${m.roles.join(', ')})`).join('; ') || 'none'}`);
  }

  h2('Timeline');
  if (!e.events.length) para('No events.');
  for (const ev of e.events) para(`${ev.occurredAt}  ${ev.eventType}`);

  doc.moveDown(1);
  doc.font('Helvetica-Oblique').fontSize(8.5).text(
    'manifest.json lists every file of this pack with its SHA-256 and size; manifest.json.jws is a detached JWS (ES256) over its exact bytes, '
    + 'verifiable against the service\'s published JWKS (/v1/oauth/jwks.json).',
  );
  doc.end();
  return done;
}
