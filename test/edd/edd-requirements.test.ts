import { expect } from 'chai';
import type { Runtime } from '../../bin/compose';
import { getCaseEdd, setEddRequirement } from '../../src/edd/index';
import { DEFAULT_DECISION_POLICY, getDecisionPolicy, updateDecisionPolicy } from '../../src/policy/index';
import { assessCaseRisk, recomputeRisk } from '../../src/risk/index';
import { listAuditLog } from '../../src/audit/index';
import { rejection } from '../support/rejection';
import { newTenant, runtime } from '../support/runtime';
import { caseEvents, memberOf, newApplicationCase, newEvents, system } from '../risk/support';
import { own } from '../support/event-payloads';

const HIGH_ITEMS = [
  { key: 'source_of_funds', label: 'Source of funds' },
  { key: 'source_of_wealth', label: 'Source of wealth' },
  { key: 'ownership_structure', label: 'Ownership structure chart' },
];

describe('EDD requirements: derived from the band and the policy, changed by analysts', function () {
  this.timeout(60_000);
  let rt: Runtime;
  before(async () => {
    rt = await runtime();
  });

  const prohibitedCase = (tenant: Parameters<typeof newApplicationCase>[1]) =>
    newApplicationCase(rt.svc, tenant, { ubos: [{ name: 'Offshore Owner', ownershipPercent: 100, nationality: 'IR' }] });

  it('a prohibited (as high) band adds the policy\'s three items outstanding, by system, each with edd.requirements.changed (previousStatus null)', async () => {
    const tenant = await newTenant(rt);
    const c = await prohibitedCase(tenant);
    const before = (await caseEvents(rt.svc, tenant.id, c.pk)).length;
    await assessCaseRisk(rt.svc, system(tenant), { orgId: tenant.id, casePk: c.pk });

    const events = await newEvents(rt.svc, tenant.id, c.pk, before);
    expect(events.map((e) => e.type)).to.deep.equal(['risk.assessed', 'edd.requirements.changed', 'edd.requirements.changed', 'edd.requirements.changed']);
    expect(events.slice(1).map((e) => own(e.payload))).to.deep.equal(HIGH_ITEMS.map((i) => ({
      reqKey: i.key, label: i.label, status: 'outstanding', previousStatus: null, note: '', updatedBy: 'system',
    })));
    const edd = await getCaseEdd(rt.svc, memberOf(tenant, 'analyst'), { caseId: c.caseId });
    expect(edd.requirements.map((r) => [r.reqKey, r.label, r.source, r.status, r.updatedBy, r.requestedAt])).to.deep.equal(
      HIGH_ITEMS.map((i) => [i.key, i.label, 'policy', 'outstanding', 'system', null]),
    );
    expect(edd.history.map((h) => [h.reqKey, h.previousStatus, h.status])).to.deep.equal(HIGH_ITEMS.map((i) => [i.key, null, 'outstanding']));

    // Assessed again (an analyst recomputes): nothing new, nothing recorded beyond risk.assessed.
    const count = (await caseEvents(rt.svc, tenant.id, c.pk)).length;
    await recomputeRisk(rt.svc, memberOf(tenant, 'analyst', 'ana@example.com'), { caseId: c.caseId });
    expect((await newEvents(rt.svc, tenant.id, c.pk, count)).map((e) => e.type)).to.deep.equal(['risk.assessed']);
  });

  it('a low band adds none by default; the policy version carries the items per band, and a band lowered later deletes nothing', async () => {
    const tenant = await newTenant(rt);
    const low = await newApplicationCase(rt.svc, tenant);
    await assessCaseRisk(rt.svc, system(tenant), { orgId: tenant.id, casePk: low.pk });
    expect((await getCaseEdd(rt.svc, memberOf(tenant, 'analyst'), { caseId: low.caseId })).requirements).to.deep.equal([]);
    expect((await getDecisionPolicy(rt.svc, memberOf(tenant, 'analyst'))).eddItems).to.deep.equal(DEFAULT_DECISION_POLICY.eddItems);

    // A compliance admin asks for an item at the low band too (a new policy version, audited).
    const admin = memberOf(tenant, 'compliance_admin', 'cadmin@example.com');
    const { eddItems: _items, ...rest } = DEFAULT_DECISION_POLICY;
    const eddItems = { ...DEFAULT_DECISION_POLICY.eddItems, low: [{ key: 'bank_reference', label: 'Bank reference letter' }] };
    const v2 = await updateDecisionPolicy(rt.svc, admin, { ...rest, eddItems });
    expect(v2).to.include({ version: 2 });
    expect(v2.eddItems).to.deep.equal(eddItems);
    // An edit that leaves the items out keeps them.
    const v3 = await updateDecisionPolicy(rt.svc, admin, { ...rest, name: 'Renamed' });
    expect(v3.eddItems).to.deep.equal(eddItems);
    expect((await listAuditLog(rt.svc, admin, {})).data.filter((e) => e.action === 'decision_policy.updated')).to.have.length(2);

    await recomputeRisk(rt.svc, memberOf(tenant, 'analyst'), { caseId: low.caseId });
    const reqs = (await getCaseEdd(rt.svc, memberOf(tenant, 'analyst'), { caseId: low.caseId })).requirements;
    expect(reqs.map((r) => [r.reqKey, r.status, r.updatedBy])).to.deep.equal([['bank_reference', 'outstanding', 'system']]);

    // The prohibited case's band is lowered (its UBO now British): its items stay, for an analyst to waive.
    const c = await prohibitedCase(tenant);
    await assessCaseRisk(rt.svc, system(tenant), { orgId: tenant.id, casePk: c.pk });
    await rt.svc.db.query(`UPDATE case_parties SET nationality = 'GB' WHERE org_id = ? AND case_pk = ?`, [tenant.id, c.pk]);
    const view = await recomputeRisk(rt.svc, memberOf(tenant, 'analyst'), { caseId: c.caseId });
    expect(view.riskBand).to.equal('low');
    expect((await getCaseEdd(rt.svc, memberOf(tenant, 'analyst'), { caseId: c.caseId })).requirements.map((r) => r.reqKey)).to.deep.equal([
      ...HIGH_ITEMS.map((i) => i.key), 'bank_reference',
    ]);
  });

  it('invalid EDD items in a policy are refused with each problem\'s path', async () => {
    const tenant = await newTenant(rt);
    const { eddItems: _items, ...rest } = DEFAULT_DECISION_POLICY;
    const err = await rejection(updateDecisionPolicy(rt.svc, memberOf(tenant, 'compliance_admin'), {
      ...rest, eddItems: { low: [{ key: 'Bad Key', label: '' }], medium: [], high: [{ key: 'a', label: 'A' }, { key: 'a', label: 'Again' }], extreme: [] },
    }));
    expect(err.code).to.equal('validation_failed');
    expect((err.extra as { details: { path: string }[] }).details.map((d) => d.path)).to.deep.equal([
      'eddItems.extreme', 'eddItems.low.0.key', 'eddItems.low.0.label', 'eddItems.high.1.key', 'eddItems.prohibited',
    ]);
  });

  it('an analyst marks received and waived, edits a note, adds their own: previousStatus and note in each event, nothing when nothing changed', async () => {
    const tenant = await newTenant(rt);
    const c = await prohibitedCase(tenant);
    await assessCaseRisk(rt.svc, system(tenant), { orgId: tenant.id, casePk: c.pk });
    const before = (await caseEvents(rt.svc, tenant.id, c.pk)).length;
    const ana = memberOf(tenant, 'analyst', 'ana@example.com');

    await setEddRequirement(rt.svc, ana, { caseId: c.caseId, reqKey: 'source_of_funds', status: 'received', note: 'Payslips on file' });
    // The same status and note again: no event.
    await setEddRequirement(rt.svc, ana, { caseId: c.caseId, reqKey: 'source_of_funds', status: 'received', note: 'Payslips on file' });
    // No note given: kept. Only the status changes.
    await setEddRequirement(rt.svc, ana, { caseId: c.caseId, reqKey: 'source_of_wealth', status: 'waived' });
    // Only the note changes.
    await setEddRequirement(rt.svc, ana, { caseId: c.caseId, reqKey: 'source_of_wealth', status: 'waived', note: 'Listed parent company' });
    // Back to outstanding.
    await setEddRequirement(rt.svc, ana, { caseId: c.caseId, reqKey: 'source_of_funds', status: 'outstanding', note: 'Payslips on file' });
    // The analyst's own requirement (the label is only used when it is new).
    const edd = await setEddRequirement(rt.svc, ana, { caseId: c.caseId, reqKey: 'pep_declaration', status: 'outstanding', label: ' PEP declaration ', note: null });

    const events = (await newEvents(rt.svc, tenant.id, c.pk, before)).map((e) => own(e.payload));
    const by = { updatedBy: 'ana@example.com' };
    expect(events).to.deep.equal([
      { reqKey: 'source_of_funds', label: 'Source of funds', status: 'received', previousStatus: 'outstanding', note: 'Payslips on file', ...by },
      { reqKey: 'source_of_wealth', label: 'Source of wealth', status: 'waived', previousStatus: 'outstanding', note: '', ...by },
      { reqKey: 'source_of_wealth', label: 'Source of wealth', status: 'waived', previousStatus: 'waived', note: 'Listed parent company', ...by },
      { reqKey: 'source_of_funds', label: 'Source of funds', status: 'outstanding', previousStatus: 'received', note: 'Payslips on file', ...by },
      { reqKey: 'pep_declaration', label: 'PEP declaration', status: 'outstanding', previousStatus: null, note: '', ...by },
    ]);
    expect(edd.requirements.map((r) => [r.reqKey, r.source, r.status, r.note, r.updatedBy])).to.deep.equal([
      ['source_of_funds', 'policy', 'outstanding', 'Payslips on file', 'ana@example.com'],
      ['source_of_wealth', 'policy', 'waived', 'Listed parent company', 'ana@example.com'],
      ['ownership_structure', 'policy', 'outstanding', '', 'system'],
      ['pep_declaration', 'analyst', 'outstanding', '', 'ana@example.com'],
    ]);
    expect(edd.history).to.have.length(3 + 5);
  });

  it('bad input is refused with paths; a new key needs a label; another tenant\'s case is not found', async () => {
    const tenant = await newTenant(rt);
    const c = await newApplicationCase(rt.svc, tenant);
    const ana = memberOf(tenant, 'analyst');
    const bad = await rejection(setEddRequirement(rt.svc, ana, { caseId: c.caseId, reqKey: 'Not a slug', status: 'done', note: 'x'.repeat(2001), label: '' }));
    expect(bad.code).to.equal('validation_failed');
    expect((bad.extra as { details: { path: string }[] }).details.map((d) => d.path)).to.deep.equal(['reqKey', 'status', 'note', 'label']);
    const noLabel = await rejection(setEddRequirement(rt.svc, ana, { caseId: c.caseId, reqKey: 'new_item', status: 'outstanding' }));
    expect(noLabel.code).to.equal('validation_failed');
    expect((noLabel.extra as { details: { path: string }[] }).details.map((d) => d.path)).to.deep.equal(['label']);
    const other = await newTenant(rt);
    expect((await rejection(setEddRequirement(rt.svc, memberOf(other, 'analyst'), { caseId: c.caseId, reqKey: 'x', status: 'waived', label: 'X' }))).code).to.equal('not_found');
    expect((await rejection(getCaseEdd(rt.svc, memberOf(other, 'analyst'), { caseId: c.caseId }))).code).to.equal('not_found');
  });
});
