import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { BUNDLED_WATCHLIST } from '../../src/platform/index';
import { LocalScreeningProvider, type ScreeningMatch, type ScreeningSubject } from '../../src/screening/index';

// The local matcher against the bundled fictional sample list (data/watchlist/sample.ftm.jsonl).

const person = (name: string, more: Partial<ScreeningSubject> = {}): ScreeningSubject => ({
  subjectId: 'director:0', name, role: 'director', schema: 'Person', birthDate: null, nationality: null, country: null, ...more,
});
const company = (name: string, more: Partial<ScreeningSubject> = {}): ScreeningSubject => ({
  subjectId: 'company', name, role: 'company', schema: 'Company', birthDate: null, nationality: null, country: null, ...more,
});
const ids = (ms: ScreeningMatch[]) => ms.map((m) => m.entityId);

describe('screening: the local watchlist matcher', () => {
  const provider = new LocalScreeningProvider({ path: BUNDLED_WATCHLIST, threshold: 0.7 });
  const top = async (s: ScreeningSubject) => (await provider.screen(s))[0];

  it('loads the bundled sample: every Person and legal body, and skips what is not a party (a vessel, a sanction record)', async () => {
    const stats = await provider.load();
    expect(stats.entities).to.equal(41);
    expect(stats.skipped).to.equal(2);
    // No index.json beside the file: the version is the file's SHA-256.
    expect(stats.version).to.equal(`sha256:${createHash('sha256').update(await readFile(BUNDLED_WATCHLIST)).digest('hex')}`);
    expect(await provider.listVersion()).to.equal(stats.version);
  });

  it('finds a name written in another script: Cyrillic, Greek and Arabic queries, and a Latin query of a Cyrillic alias', async () => {
    expect((await top(person('Виктор Железный')))?.entityId).to.equal('fict-p-001');
    expect((await top(person('Κωνσταντίνος Παπαδράκος')))?.entityId).to.equal('fict-p-003');
    expect((await top(person('أحمد يوسف القمري')))?.entityId).to.equal('fict-p-002');
    expect((await top(person('Olena Gricenko Marchuk')))?.entityId).to.equal('fict-p-005'); // as the Cyrillic alias transliterates
    expect((await top(company('ООО "Железный Металлургический Холдинг"')))?.entityId).to.equal('fict-c-001');
  });

  it('survives transliteration variants (Dmitry/Dmitri, Orlovsky/Orlovskiy, Ahmed/Ahmad, Alqamari/Al-Qamari, Джон/John)', async () => {
    // An English name written in Cyrillic comes back as "Dzhon Smiterton".
    expect(ids(await provider.screen(person('Джон Смитертон', { birthDate: '1985-07-19' })))).to.deep.equal(['fict-p-022']);
    const orlovsky = await top(person('Dmitry Orlovskiy'));
    expect(orlovsky?.entityId).to.equal('fict-p-006');
    expect(orlovsky!.score).to.be.greaterThan(0.9);
    expect((await top(person('Ahmed Yusuf Alqamari')))?.entityId).to.equal('fict-p-002');
  });

  it('ignores word order ("NUNEZ CASTELLAR, Jose Maria") and name splits (Fang Qiao Lun)', async () => {
    const reordered = await top(person('NUNEZ CASTELLAR, Jose Maria'));
    expect(reordered?.entityId).to.equal('fict-p-004');
    expect(reordered!.score).to.equal(1);
    expect((await top(person('Zhelezny Viktor')))?.entityId).to.equal('fict-p-001');
    expect((await top(person('Fang Qiao Lun')))?.entityId).to.equal('fict-p-007');
  });

  it('matches initials against the full names ("J. M. Smitherton", "V. A. Zhelezny")', async () => {
    const jm = await provider.screen(person('J. M. Smitherton'));
    expect(ids(jm)[0]).to.equal('fict-p-021');
    expect(jm[0]!.score).to.be.within(0.9, 0.99);
    expect((await top(person('V. A. Zhelezny')))?.entityId).to.equal('fict-p-001');
  });

  it('folds diacritics both ways (Jose Maria Nunez, Yildirimoglu, Grunewald-Strauss; Éloïse as typed)', async () => {
    expect(await top(person('Jose Maria Nunez Castellar'))).to.deep.include({ entityId: 'fict-p-004', caption: 'José María Ñúñez Castellar', score: 1 });
    expect((await top(person('Mehmet Yildirimoglu')))?.entityId).to.equal('fict-p-008');
    expect((await top(person('Hans Dieter Grunewald Strauss')))?.entityId).to.equal('fict-p-009');
    expect((await top(person('Eloise Marchetti-Vauclair')))?.entityId).to.equal('fict-p-027');
  });

  it('uses the date of birth and nationality to corroborate: agreement keeps the right namesake, a clear mismatch drops it', async () => {
    // Two listed John Smithertons: fict-p-021 (1970-02-02, gb, sanctioned) and fict-p-022 (1985-07-19, us, PEP).
    const bare = await provider.screen(person('John Smitherton'));
    expect(ids(bare)).to.have.members(['fict-p-021', 'fict-p-022']);
    const born1970 = await provider.screen(person('John Smitherton', { birthDate: '1970-02-02', nationality: 'GB' }));
    expect(ids(born1970)).to.deep.equal(['fict-p-021']);
    const born1985 = await provider.screen(person('John Smitherton', { birthDate: '1985-07-19', nationality: 'US' }));
    expect(ids(born1985)).to.deep.equal(['fict-p-022']);
    expect(born1985[0]!.score).to.equal(1);
    // A list with only a birth year: consistent (kept, a small boost) or years apart (dropped).
    const year = await top(person('Konstantinos Papadrakos', { birthDate: '1958-06-01' }));
    expect(year?.entityId).to.equal('fict-p-003');
    expect(await provider.screen(person('Konstantinos Papadrakos', { birthDate: '1991-06-01', nationality: 'US' }))).to.deep.equal([]);
  });

  it('reports the entity as the contract needs it: caption, schema, topics, flags, positions, nationality, dates, countries, datasets', async () => {
    const m = await top(person('Nikolai Bordunov'));
    const { explanation, ...rest } = m!;
    expect(explanation).to.include({ score: m!.score });
    expect(rest).to.deep.equal({
      entityId: 'fict-p-016', caption: 'Nikolai Vasilievich Bordunov', schema: 'Person', score: m!.score, topics: ['role.pep', 'sanction'],
      positions: ['Governor of the Fictional Oblast'], nationality: ['ru'], birthDates: ['1952-01-30'], countries: [],
      datasets: ['sample_peps', 'sample_sanctions_eu'], isPep: true, isSanctioned: true,
      names: ['Nikolai Vasilievich Bordunov'], aliases: ['Николай Васильевич Бордунов', 'Nikolay Bordunov'], weakAliases: [], programs: [],
    });
    expect(m!.score).to.be.within(0.7, 1);
    expect(await top(person('Ilse Brandvold'))).to.deep.include({ isPep: true, isSanctioned: false }); // role.rca
    expect(await top(person('Eloise Marchetti-Vauclair'))).to.deep.include({ isPep: false, isSanctioned: true }); // sanction.linked
    expect(await top(person('Bartholomew Quillfeather'))).to.deep.include({ isPep: false, isSanctioned: false }); // crime.fin
    expect(await top(company('Kovrigin Agroprom Association'))).to.deep.include({ schema: 'Company', countries: ['by'] }); // an Organization
  });

  it('matches companies without their legal forms and keeps persons and companies apart', async () => {
    expect((await top(company('Papadrakos Maritime SA')))?.entityId).to.equal('fict-c-004');
    expect((await top(company('Fang Qiaolun International Trading Company Limited')))?.entityId).to.equal('fict-c-010');
    expect((await top(company('Blue Lantern Exports Ltd')))?.entityId).to.equal('fict-c-011');
    // The person Fang Qiaolun is not a company hit, nor the company a person hit.
    expect(ids(await provider.screen(company('Fang Qiaolun')))).to.not.include('fict-p-007');
    expect(ids(await provider.screen(person('Zhelezny Metallurgical Holdings')))).to.deep.equal([]);
  });

  it('finds nothing for unrelated names, a first name alone, or a surname that only starts the same', async () => {
    for (const name of ['Grace Hopper', 'Ada Lovelace', 'John Smith', 'John', 'Aleksandr Orlov', 'Maria Castellanos']) {
      expect(await provider.screen(person(name)), name).to.deep.equal([]);
    }
    for (const name of ['Globex Trading Ltd', 'Northwind Bakery Ltd', 'Acme Holdings Limited']) {
      expect(await provider.screen(company(name)), name).to.deep.equal([]);
    }
  });

  it('applies the configured threshold', async () => {
    const strict = new LocalScreeningProvider({ path: BUNDLED_WATCHLIST, threshold: 0.97 });
    expect(ids(await strict.screen(person('John Smitherton')))).to.deep.equal(['fict-p-022']);
    expect(await strict.screen(person('Northwind Logistics'))).to.deep.equal([]);
    const loose = new LocalScreeningProvider({ path: BUNDLED_WATCHLIST, threshold: 0.5 });
    expect(ids(await loose.screen(company('Northwind Logistics Ltd')))).to.include('fict-c-008');
  });

  describe('a watchlist file of its own', () => {
    let dir: string;
    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'watchlist-'));
    });
    after(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('skips lines that are not FtM entities, and a changed file is a new version', async () => {
      const path = join(dir, 'list.jsonl');
      const one = { id: 'x-1', schema: 'Person', properties: { name: ['Quentin Farnsworth-Ablewhite'], topics: ['sanction'] }, datasets: ['test'] };
      await writeFile(path, `${JSON.stringify(one)}\nnot json\n{"id": 5}\n\n`);
      const p = new LocalScreeningProvider({ path, threshold: 0.7 });
      const first = await p.load();
      expect(first).to.deep.include({ entities: 1, skipped: 2 });
      expect(ids(await p.screen(person('Quentin Farnsworth Ablewhite')))).to.deep.equal(['x-1']);
      // caption falls back to the first name when the line has none
      expect((await p.screen(person('Quentin Farnsworth-Ablewhite')))[0]!.caption).to.equal('Quentin Farnsworth-Ablewhite');

      const again = new LocalScreeningProvider({ path, threshold: 0.7 });
      expect(await again.listVersion()).to.equal(first.version);
      const two = { id: 'x-2', schema: 'Company', properties: { name: ['Ablewhite Freight LLP'], topics: ['role.pep'] } };
      await writeFile(path, `${JSON.stringify(one)}\n${JSON.stringify(two)}\n`);
      await utimes(path, new Date(), new Date(Date.now() + 10_000));
      const fresh = new LocalScreeningProvider({ path, threshold: 0.7 });
      expect(await fresh.listVersion()).to.not.equal(first.version);
      expect(ids(await fresh.screen(company('Ablewhite Freight')))).to.deep.equal(['x-2']);
    });

    it('fails clearly when the file cannot be read', async () => {
      const p = new LocalScreeningProvider({ path: join(dir, 'missing.jsonl'), threshold: 0.7 });
      const err = await p.screen(person('Anyone')).then(() => null, (e: Error) => e);
      expect(err?.message).to.match(/watchlist .*missing\.jsonl cannot be read \(WATCHLIST_PATH\): ENOENT/);
    });
  });
});
