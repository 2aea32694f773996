import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalScreeningProvider, screenCase } from '../../src/screening/index';
import type { Tenant } from '../../src/tenants/index';
import { compileEventSchemas } from '../events/support';
import { ConsoleHarness, type ConsoleClient, type TestMember } from '../graphql/harness';
import { caseEvents, caseWithApplication, systemOf, type Owner } from './support';

// Tenant screening settings and cleared hits over GraphQL (HTTP), against the real databases and a small
// watchlist file of the test's own (so that it can change an entity, as a new list export would).

type Member = ConsoleClient & { member: TestMember };

const VIKTOR = {
  id: 't-viktor', schema: 'Person', caption: 'Viktor Testenko',
  properties: { name: ['Viktor Testenko'], birthDate: ['1970-01-01'], nationality: ['ru'], topics: ['sanction'], programId: ['RU-TEST'] },
  datasets: ['test_sanctions'],
};
const MARIA = {
  id: 't-maria', schema: 'Person', caption: 'Maria Testova',
  properties: { name: ['Maria Testova'], birthDate: ['1980-02-02'], nationality: ['ua'], topics: ['role.pep'] }, datasets: ['test_peps'],
};
const BOB = {
  id: 't-bob', schema: 'Person', caption: 'Robert Quintus Testman',
  properties: { name: ['Robert Quintus Testman'], weakAlias: ['Bobby Testman'], topics: ['crime.fin'] }, datasets: ['test_crime'],
};

const SETTINGS_FIELDS = 'settingsId version createdBy matchThreshold topics datasets birthDateTolerance weakAliases';
const SETTINGS = `query { screeningSettings { ${SETTINGS_FIELDS} } }`;
const UPDATE = `mutation($input: ScreeningSettingsInput!) { updateScreeningSettings(input: $input) { ${SETTINGS_FIELDS} } }`;
const DRY_RUN = `mutation($input: ScreeningSettingsInput!) { dryRunScreeningSettings(input: $input) {
  casesCompared truncated disappear appear stay cases { caseId disappear { hitId subjectName } appear { hitId subjectName } stay { hitId } } } }`;
const HITS = 'query($caseId: String!) { case(caseId: $caseId) { screeningHits { hitId disposition changes } } }';
const DISPOSITION = `mutation($caseId: ID!, $hitId: String!) {
  dispositionScreeningHit(caseId: $caseId, hitId: $hitId, disposition: false_positive, note: "Another person") { hitId disposition } }`;
const CLEARED = 'query { clearedHits(first: 10) { edges { cursor node { id subjectKind personId subjectName entityId caption caseId hitId clearedBy } } pageInfo { hasNextPage } } }';
const REVOKE = 'mutation($id: ID!) { revokeClearedHit(id: $id) { id entityId } }';
const AUDIT = 'query { auditLog(first: 5) { edges { node { actor action details } } } }';

const defaults = { matchThreshold: 0.7, topics: [] as string[], datasets: [] as string[], birthDateTolerance: 'exact', weakAliases: true };

describe('screening settings and cleared hits (GraphQL)', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  let dir: string;
  let path: string;
  const schemas = compileEventSchemas();

  /** Writes the test's watchlist and screens with a provider that loaded it (a new export, read afresh). */
  const useWatchlist = (entities: object[]) => {
    writeFileSync(path, entities.map((e) => JSON.stringify(e)).join('\n') + '\n');
    h.svc.screening = new LocalScreeningProvider({ path, threshold: h.svc.config.screeningMatchThreshold });
  };
  const newCase = (tenant: Tenant, directors: Owner[]) => caseWithApplication(h.svc, tenant, { companyName: 'Harmless Widgets Ltd', directors, ubos: [] });
  const hitsOf = async (m: Member, caseId: string) =>
    (await m.data<{ case: { screeningHits: { hitId: string; disposition: string | null; changes: string[] | null }[] } }>(HITS, { caseId })).case.screeningHits;

  before(async () => {
    h = await ConsoleHarness.start({ config: { screeningMatchThreshold: 0.7 } });
    dir = mkdtempSync(join(tmpdir(), 'svc-watchlist-'));
    path = join(dir, 'watchlist.ftm.jsonl');
    useWatchlist([VIKTOR, MARIA, BOB]);
  });
  after(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('settings: every member reads them (the default as version 1); compliance_admin saves a new version, audited; others are refused; problems come with their paths', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const first = (await analyst.data<{ screeningSettings: Record<string, unknown> }>(SETTINGS)).screeningSettings;
    expect(first).to.deep.equal({ settingsId: first.settingsId, version: 1, createdBy: 'system', ...defaults });

    const draft = { matchThreshold: 0.85, topics: ['sanction', 'role.pep'], datasets: ['test_sanctions'], birthDateTolerance: 'year', weakAliases: true };
    expect(await analyst.error(UPDATE, { input: draft })).to.deep.include({
      code: 'FORBIDDEN', message: 'This requires the compliance_admin role or higher; you are analyst.',
    });
    const mlro = await h.signedIn('mlro', tenant);
    expect((await mlro.error(UPDATE, { input: draft })).code).to.equal('FORBIDDEN');

    const admin = await h.signedIn('compliance_admin', tenant);
    const saved = (await admin.data<{ updateScreeningSettings: Record<string, unknown> }>(UPDATE, { input: draft })).updateScreeningSettings;
    expect(saved).to.deep.equal({ settingsId: saved.settingsId, version: 2, createdBy: admin.member.email, ...draft });
    expect((await mlro.data<{ screeningSettings: Record<string, unknown> }>(SETTINGS)).screeningSettings).to.deep.equal(saved);

    const audit = (await admin.data<{ auditLog: { edges: { node: { actor: string; action: string; details: Record<string, unknown> } }[] } }>(AUDIT)).auditLog.edges;
    expect(audit[0]!.node).to.deep.equal({
      actor: admin.member.email, action: 'screening_settings.updated',
      details: { settingsId: saved.settingsId, version: 2, previousSettingsId: first.settingsId, previousVersion: 1, settings: draft },
    });

    const invalid = await admin.error(UPDATE, {
      input: { matchThreshold: 1.5, topics: ['sanction', 'sanctoins'], datasets: ['Not A Dataset'], birthDateTolerance: 'exact', weakAliases: false },
    });
    expect(invalid.code).to.equal('BAD_USER_INPUT');
    const details = invalid.extensions.details as { path: string; message: string }[];
    expect(details.map((d) => d.path)).to.deep.equal(['matchThreshold', 'topics.1', 'datasets.0']);
    expect(details[0]!.message).to.equal('must be a number from 0 to 1');
    expect(details[1]!.message).to.match(/^must be an OpenSanctions topic: sanction, sanction\.linked, /);
    expect(details[2]!.message).to.equal('must be a dataset name (lower-case letters, digits, _ . -)');
    expect((await admin.error(UPDATE, { input: { ...draft, birthDateTolerance: 'month' } })).code).to.equal('BAD_USER_INPUT');
    expect((await analyst.data<{ screeningSettings: { version: number } }>(SETTINGS)).screeningSettings.version, 'nothing saved').to.equal(2);
  });

  it('screenCase applies the settings: topics and datasets choose what counts, the threshold and date tolerance what scores enough, weak aliases whether they match', async () => {
    const admin = await h.signedIn('compliance_admin');
    const tenant = admin.member.tenant;
    const directors: Owner[] = [
      { name: 'Viktor Testenko', dateOfBirth: '1970-01-01', nationality: 'RU' },
      { name: 'Maria Testova', dateOfBirth: '1980-06-06' },
      { name: 'Bobby Testman' },
    ];
    const raised = async () => {
      const c = await newCase(tenant, directors);
      return (await screenCase(h.svc, systemOf(tenant.id), c.ref)).newHits.sort();
    };
    // The default: Maria's listed date is the same year, another day (0.9 at the full date); a weak alias counts (at a discount).
    expect(await raised()).to.deep.equal(['t-bob', 't-maria', 't-viktor']);

    const save = (input: object) => admin.data(UPDATE, { input: { ...defaults, ...input } });
    await save({ topics: ['sanction'] });
    expect(await raised(), 'sanctions only').to.deep.equal(['t-viktor']);
    await save({ datasets: ['test_peps'] });
    expect(await raised(), 'one dataset').to.deep.equal(['t-maria']);
    await save({ matchThreshold: 0.95 });
    expect(await raised(), 'a date a few months off no longer scores enough').to.deep.equal(['t-viktor']);
    await save({ matchThreshold: 0.95, birthDateTolerance: 'year' });
    expect(await raised(), 'the same year is enough').to.deep.equal(['t-maria', 't-viktor']);
    await save({ weakAliases: true, topics: ['crime'] });
    expect(await raised(), 'a weak alias, and crime covers crime.fin').to.deep.equal(['t-bob']);
    await save({ weakAliases: false });
    expect(await raised(), 'weak aliases off').to.deep.equal(['t-maria', 't-viktor']);
  });

  it('dryRunScreeningSettings: how the open cases\' hits would change under a draft, per case and in total, saving nothing; a bad draft answers its paths', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const a = await newCase(tenant, [{ name: 'Viktor Testenko', dateOfBirth: '1970-01-01', nationality: 'RU' }, { name: 'Maria Testova' }]);
    const b = await newCase(tenant, [{ name: 'Bobby Testman' }]);
    const quiet = await newCase(tenant, [{ name: 'Nobody Listed' }]);
    for (const c of [a, b, quiet]) await screenCase(h.svc, systemOf(tenant.id), c.ref);

    const { dryRunScreeningSettings: run } = await analyst.data<{ dryRunScreeningSettings: Record<string, unknown> }>(DRY_RUN, {
      input: { ...defaults, topics: ['sanction', 'crime'], weakAliases: false },
    });
    expect(run).to.deep.equal({
      casesCompared: 3, truncated: false, disappear: 2, appear: 0, stay: 1,
      cases: [
        { caseId: b.caseId, disappear: [{ hitId: 't-bob', subjectName: 'Bobby Testman' }], appear: [], stay: [] },
        { caseId: a.caseId, disappear: [{ hitId: 't-maria', subjectName: 'Maria Testova' }], appear: [], stay: [{ hitId: 't-viktor' }] },
      ],
    });
    expect((await analyst.data<{ screeningSettings: { version: number } }>(SETTINGS)).screeningSettings.version, 'nothing saved').to.equal(1);
    const invalid = await analyst.error(DRY_RUN, { input: { ...defaults, matchThreshold: -0.1 } });
    expect(invalid.code).to.equal('BAD_USER_INPUT');
    expect(invalid.extensions.details).to.deep.equal([{ path: 'matchThreshold', message: 'must be a number from 0 to 1' }]);
  });

  it('a false_positive stays cleared on reruns and the person\'s next case, is raised again once when the entity gains an alias (naming it), and can be revoked', async () => {
    useWatchlist([VIKTOR, MARIA, BOB]);
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const viktor: Owner = { name: 'Viktor Testenko', dateOfBirth: '1970-01-01', nationality: 'RU' };
    const first = await newCase(tenant, [viktor]);
    expect((await screenCase(h.svc, systemOf(tenant.id), first.ref)).newHits).to.deep.equal(['t-viktor']);
    await analyst.data(DISPOSITION, { caseId: first.caseId, hitId: 't-viktor' });

    const cleared = (await analyst.data<{ clearedHits: { edges: { cursor: string; node: Record<string, unknown> }[]; pageInfo: unknown } }>(CLEARED)).clearedHits;
    const pairId = cleared.edges[0]?.node.id as string;
    expect(cleared).to.deep.equal({
      edges: [{
        cursor: pairId,
        node: {
          id: pairId, subjectKind: 'subject', personId: null, subjectName: 'Viktor Testenko', entityId: 't-viktor', caption: 'Viktor Testenko',
          caseId: first.caseId, hitId: 't-viktor', clearedBy: analyst.member.email,
        },
      }],
      pageInfo: { hasNextPage: false },
    });

    // A rerun of the case and the same person on the tenant's next case: not raised.
    expect(await screenCase(h.svc, systemOf(tenant.id), first.ref)).to.deep.include({ newHits: [], cleared: 1 });
    const second = await newCase(tenant, [viktor]);
    const quiet = await screenCase(h.svc, systemOf(tenant.id), second.ref);
    expect(quiet).to.deep.include({ newHits: [], cleared: 1, summary: [{ name: 'Harmless Widgets Ltd', role: 'company', status: 'clear' }, { name: 'Viktor Testenko', role: 'director', status: 'clear' }] });
    expect(await hitsOf(analyst, second.caseId)).to.deep.equal([]);

    // The list's next export gives the entity a new alias and a new topic: raised again, once, saying what changed.
    useWatchlist([{ ...VIKTOR, properties: { ...VIKTOR.properties, alias: ['Viktor Testenko-Volkov'], topics: ['sanction', 'crime.fin'] } }, MARIA, BOB]);
    expect((await screenCase(h.svc, systemOf(tenant.id), second.ref)).newHits).to.deep.equal(['t-viktor']);
    const changes = ['alias added: Viktor Testenko-Volkov', 'topic added: crime.fin'];
    expect(await hitsOf(analyst, second.caseId)).to.deep.equal([{ hitId: 't-viktor', disposition: null, changes }]);
    const detected = (await caseEvents(h.svc, schemas, tenant.id, second.pk)).filter((e) => e.event === 'screening.hit.detected');
    expect(detected).to.have.length(1);
    expect(detected[0]).to.deep.include({ hitId: 't-viktor', subjectName: 'Viktor Testenko', topics: ['sanction', 'crime.fin'], changes });
    expect((await screenCase(h.svc, systemOf(tenant.id), second.ref)).newHits, 'once').to.deep.equal([]);
    expect((await screenCase(h.svc, systemOf(tenant.id), first.ref)).newHits, 'once, not on the first case too').to.deep.equal([]);
    expect(await hitsOf(analyst, first.caseId)).to.deep.equal([{ hitId: 't-viktor', disposition: 'false_positive', changes: null }]);
    expect((await analyst.data<{ clearedHits: { edges: unknown[] } }>(CLEARED)).clearedHits.edges, 'the pair was used up').to.deep.equal([]);

    // Cleared again on the second case (the new data fingerprinted): a third case is quiet, until an MLRO revokes the pair.
    await analyst.data(DISPOSITION, { caseId: second.caseId, hitId: 't-viktor' });
    const third = await newCase(tenant, [viktor]);
    expect((await screenCase(h.svc, systemOf(tenant.id), third.ref)).newHits).to.deep.equal([]);
    const again = (await analyst.data<{ clearedHits: { edges: { node: { id: string; caseId: string } }[] } }>(CLEARED)).clearedHits.edges;
    expect(again.map((e) => e.node.caseId)).to.deep.equal([second.caseId]);

    expect(await analyst.error(REVOKE, { id: again[0]!.node.id })).to.deep.include({
      code: 'FORBIDDEN', message: 'This requires the mlro role or higher; you are analyst.',
    });
    const outsider = await h.signedIn('mlro');
    expect((await outsider.error(REVOKE, { id: again[0]!.node.id })).code, "another tenant's pair").to.equal('NOT_FOUND');
    const mlro = await h.signedIn('mlro', tenant);
    expect((await mlro.data<{ revokeClearedHit: unknown }>(REVOKE, { id: again[0]!.node.id })).revokeClearedHit).to.deep.equal({ id: again[0]!.node.id, entityId: 't-viktor' });
    expect((await mlro.error(REVOKE, { id: again[0]!.node.id })).code, 'already revoked').to.equal('NOT_FOUND');
    expect((await analyst.data<{ clearedHits: { edges: unknown[] } }>(CLEARED)).clearedHits.edges).to.deep.equal([]);
    const admin = await h.signedIn('compliance_admin', tenant);
    const audit = (await admin.data<{ auditLog: { edges: { node: { actor: string; action: string; details: Record<string, unknown> } }[] } }>(AUDIT)).auditLog.edges;
    expect(audit[0]!.node).to.deep.equal({
      actor: mlro.member.email, action: 'cleared_hit.revoked',
      details: { clearedHitId: Number(again[0]!.node.id), entityId: 't-viktor', caseId: second.caseId, hitId: 't-viktor', clearedBy: analyst.member.email },
    });
    const fourth = await newCase(tenant, [viktor]);
    expect((await screenCase(h.svc, systemOf(tenant.id), fourth.ref)).newHits, 'raised as an ordinary hit after the revoke').to.deep.equal(['t-viktor']);
    expect(await hitsOf(analyst, fourth.caseId)).to.deep.equal([{ hitId: 't-viktor', disposition: null, changes: null }]);
  });
  it('a party linked to the person registry is cleared as that person; on their next case (linked) a corrected date of birth raises the hit again, naming it', async () => {
    useWatchlist([VIKTOR, MARIA, BOB]);
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const personKeyOf = async (casePk: number) =>
      ((await h.svc.db.query('SELECT person_key FROM case_parties WHERE org_id = ? AND case_pk = ?', [tenant.id, casePk])) as { person_key: string }[])[0]!.person_key;
    const MARK_NEW = 'mutation($c: ID!, $k: String!) { markPersonNew(caseId: $c, personKey: $k) { persons { link { personId } } } }';
    const LINK = 'mutation($c: ID!, $k: String!, $p: Int!) { linkPerson(caseId: $c, personKey: $k, personId: $p) { persons { link { personId } } } }';

    const first = await newCase(tenant, [{ name: 'Viktor Testenko', dateOfBirth: '1970-01-01', nationality: 'RU' }]);
    const marked = await analyst.data<{ markPersonNew: { persons: { link: { personId: number } }[] } }>(MARK_NEW, { c: first.caseId, k: await personKeyOf(first.pk) });
    const personId = marked.markPersonNew.persons[0]!.link.personId;
    await screenCase(h.svc, systemOf(tenant.id), first.ref);
    await analyst.data(DISPOSITION, { caseId: first.caseId, hitId: 't-viktor' });
    const cleared = (await analyst.data<{ clearedHits: { edges: { node: Record<string, unknown> }[] } }>(CLEARED)).clearedHits.edges;
    expect(cleared.map((e) => [e.node.subjectKind, e.node.personId])).to.deep.equal([['person', personId]]);

    // The same person, linked on the next case with a corrected date of birth: their data changed, so the hit comes back once, saying so.
    const second = await newCase(tenant, [{ name: 'Viktor Testenko', dateOfBirth: '1970-01-02', nationality: 'RU' }]);
    await analyst.data(LINK, { c: second.caseId, k: await personKeyOf(second.pk), p: personId });
    expect((await screenCase(h.svc, systemOf(tenant.id), second.ref)).newHits).to.deep.equal(['t-viktor']);
    expect(await hitsOf(analyst, second.caseId)).to.deep.equal([
      { hitId: 't-viktor', disposition: null, changes: ['subject date of birth changed: 1970-01-01 -> 1970-01-02'] },
    ]);
  });
  it('on the case that cleared it (a rerun, a reopened case), a changed entity reopens the hit: its disposition cleared, the change named, counted again', async () => {
    useWatchlist([VIKTOR, MARIA, BOB]);
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const c = await newCase(tenant, [{ name: 'Viktor Testenko', dateOfBirth: '1970-01-01', nationality: 'RU' }]);
    await screenCase(h.svc, systemOf(tenant.id), c.ref);
    await analyst.data(DISPOSITION, { caseId: c.caseId, hitId: 't-viktor' });
    const totals = async () => ((await h.svc.db.query('SELECT total_hits, sanctioned_hits FROM cases WHERE pk = ?', [c.pk])) as object[])[0];
    expect(await totals()).to.deep.equal({ total_hits: 0, sanctioned_hits: 0 });

    useWatchlist([{ ...VIKTOR, properties: { ...VIKTOR.properties, programId: ['RU-TEST', 'EU-TEST-2'] } }, MARIA, BOB]);
    expect((await screenCase(h.svc, systemOf(tenant.id), c.ref)).newHits).to.deep.equal(['t-viktor']);
    expect(await hitsOf(analyst, c.caseId)).to.deep.equal([{ hitId: 't-viktor', disposition: null, changes: ['sanction programme added: EU-TEST-2'] }]);
    expect(await totals()).to.deep.equal({ total_hits: 1, sanctioned_hits: 1 });
    const detected = (await caseEvents(h.svc, schemas, tenant.id, c.pk)).filter((e) => e.event === 'screening.hit.detected');
    expect(detected.map((e) => e.changes ?? null)).to.deep.equal([null, ['sanction programme added: EU-TEST-2']]);
    expect((await screenCase(h.svc, systemOf(tenant.id), c.ref)).newHits, 'once').to.deep.equal([]);
  });
});
