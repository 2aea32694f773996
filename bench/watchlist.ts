import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/**
 * Synthetic FollowTheMoney watchlists for the screening benchmarks: deterministic for a seed, with
 * realistic multi-token names (given names, patronymics or middle names, surnames, some double-barrelled),
 * a share of Cyrillic, Greek and Arabic-script aliases and Latin transliteration variants, dates of birth
 * (full or year only), nationalities, topics (sanctions, PEPs, RCAs, crime) and companies with legal forms.
 * The names are combinations from syllable tables, not real people.
 */

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GIVEN = [
  'Viktor', 'Olena', 'Dmitri', 'Anna', 'Sergei', 'Maria', 'Ivan', 'Elena', 'Nikolai', 'Svetlana', 'Ahmad', 'Fatima', 'Yusuf', 'Samira', 'Omar',
  'Layla', 'Konstantinos', 'Eleni', 'Georgios', 'Sofia', 'John', 'Grace', 'Michael', 'Sarah', 'Rafael', 'Lucia', 'Jose', 'Carmen', 'Mehmet',
  'Ayse', 'Hans', 'Ingrid', 'Pierre', 'Claire', 'Wei', 'Li', 'Hiroshi', 'Yuki', 'Thandiwe', 'Kwame', 'Rustam', 'Dilnoza', 'Aleksandra', 'Piotr',
  'Magnus', 'Astrid', 'Khalid', 'Nadia', 'Tomasz', 'Zaynab',
];
const SYLLABLES = ['zhel', 'ez', 'nov', 'pet', 'rov', 'ska', 'ya', 'kar', 'im', 'ov', 'ber', 'tan', 'ko', 'vich', 'enko', 'ash', 'ali', 'dar', 'mon',
  'tes', 'clar', 'os', 'pap', 'adr', 'ak', 'ham', 'mad', 'qam', 'ari', 'fah', 'dawi', 'grun', 'wald', 'stein', 'berg', 'lef', 'evre', 'dum', 'ou',
  'lin', 'naka', 'mura', 'ta', 'ke', 'osei', 'mbe', 'nko', 'sana', 'wis', 'niew', 'sk', 'thor', 'vald', 'sen', 'smi', 'ther', 'ton', 'quill', 'fea'];
const LEGAL = ['Ltd', 'LLC', 'GmbH', 'S.A.', 'Holdings Ltd', 'Trading Co.', 'FZE', 'Limited', 'AG', 'JSC', 'Group Plc'];
const WORDS = ['Metallurgical', 'Maritime', 'Energy', 'Capital', 'Logistics', 'Petrochemical', 'Shipping', 'Agro', 'Mining', 'Textile', 'Consulting',
  'Blue', 'Northern', 'Silver', 'Eastern', 'Golden', 'Lantern', 'Phoenix', 'Orion', 'Vector'];
const COUNTRIES = ['ru', 'ua', 'by', 'gr', 'ye', 'iq', 'eg', 'ae', 'tr', 'de', 'fr', 'gb', 'us', 've', 'ar', 'cn', 'jp', 'za', 'ng', 'uz', 'pl', 'no', 'cy', 'ch'];
const TOPICS = [['sanction'], ['sanction'], ['role.pep'], ['role.pep'], ['role.rca'], ['sanction', 'role.pep'], ['crime.fin'], ['sanction.linked']];

// Latin -> Cyrillic / Greek letters, to write aliases in another script (the matcher transliterates them back).
const CYRILLIC: Record<string, string> = {
  a: 'а', b: 'б', v: 'в', g: 'г', d: 'д', e: 'е', z: 'з', i: 'и', k: 'к', l: 'л', m: 'м', n: 'н', o: 'о', p: 'п', r: 'р', s: 'с', t: 'т', u: 'у',
  f: 'ф', h: 'х', c: 'ц', y: 'ы', j: 'й', w: 'в', q: 'к', x: 'кс',
};
const GREEK: Record<string, string> = {
  a: 'α', b: 'β', g: 'γ', d: 'δ', e: 'ε', z: 'ζ', i: 'ι', k: 'κ', l: 'λ', m: 'μ', n: 'ν', o: 'ο', p: 'π', r: 'ρ', s: 'σ', t: 'τ', u: 'υ', f: 'φ',
  h: 'χ', c: 'κ', y: 'υ', j: 'ι', v: 'β', w: 'β', q: 'κ', x: 'ξ',
};
const script = (name: string, table: Record<string, string>) =>
  name.split(' ').map((w) => [...w.toLowerCase()].map((ch) => table[ch] ?? ch).join('')).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
/** A Latin spelling variant, as another romanisation would write it. */
const variant = (name: string) => name.replace(/ks/g, 'x').replace(/v\b/g, 'ff').replace(/i\b/g, 'iy').replace(/y/g, 'i').replace(/ph/g, 'f');

export interface SyntheticNames {
  /** Names to screen: a mix of listed names (as written, reordered, transliterated or with a typo) and unlisted ones. */
  queries: { name: string; schema: 'Person' | 'Company'; birthDate: string | null; nationality: string | null }[];
}

function surname(rnd: () => number): string {
  const parts = 2 + Math.floor(rnd() * 2);
  let s = '';
  for (let i = 0; i < parts; i++) s += SYLLABLES[Math.floor(rnd() * SYLLABLES.length)];
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function pick<T>(rnd: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rnd() * xs.length)]!;
}

function date(rnd: () => number): string {
  const y = 1940 + Math.floor(rnd() * 60);
  const m = 1 + Math.floor(rnd() * 12);
  const d = 1 + Math.floor(rnd() * 28);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Writes `count` synthetic FtM entities (one JSON per line) to `path`; the same seed writes the same file. */
export async function generateWatchlist(path: string, count: number, seed: number): Promise<void> {
  const rnd = prng(seed);
  const out = createWriteStream(path, { encoding: 'utf8' });
  for (let i = 0; i < count; i++) {
    const isCompany = rnd() < 0.25;
    const id = `synth-${seed}-${i}`;
    const topics = pick(rnd, TOPICS);
    let line: object;
    if (isCompany) {
      const name = `${surname(rnd)} ${pick(rnd, WORDS)} ${rnd() < 0.4 ? `${pick(rnd, WORDS)} ` : ''}${pick(rnd, LEGAL)}`;
      const aliases = rnd() < 0.15 ? [script(name, CYRILLIC)] : [];
      line = { id, schema: rnd() < 0.9 ? 'Company' : 'Organization', caption: name, properties: { name: [name], ...(aliases.length ? { alias: aliases } : {}), jurisdiction: [pick(rnd, COUNTRIES)], topics }, datasets: ['synthetic'] };
    } else {
      const given = pick(rnd, GIVEN);
      const middle = rnd() < 0.45 ? `${pick(rnd, GIVEN)}${rnd() < 0.5 ? 'ovich' : ''} ` : '';
      const last = rnd() < 0.15 ? `${surname(rnd)}-${surname(rnd)}` : surname(rnd);
      const name = `${given} ${middle}${last}`;
      const aliases: string[] = [];
      const r = rnd();
      if (r < 0.12) aliases.push(script(name, CYRILLIC));
      else if (r < 0.18) aliases.push(script(name, GREEK));
      if (rnd() < 0.2) aliases.push(variant(name));
      const dob = date(rnd);
      line = {
        id, schema: 'Person', caption: name,
        properties: {
          name: [name], ...(aliases.length ? { alias: aliases } : {}), birthDate: [rnd() < 0.2 ? dob.slice(0, 4) : dob], nationality: [pick(rnd, COUNTRIES)], topics,
          ...(topics.includes('role.pep') ? { position: ['Official of a fictional ministry'] } : {}),
        },
        datasets: ['synthetic'],
      };
    }
    if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/**
 * `count` names to screen against a list written with the same seed and size: about half are listed
 * entities' names (some reordered, some in Cyrillic, some with a typo), half are new combinations.
 */
export async function sampleQueries(path: string, count: number, seed: number): Promise<SyntheticNames['queries']> {
  const { readFile } = await import('node:fs/promises');
  const lines = (await readFile(path, 'utf8')).split('\n').filter(Boolean);
  const rnd = prng(seed ^ 0x5eed);
  const queries: SyntheticNames['queries'] = [];
  for (let i = 0; i < count; i++) {
    if (rnd() < 0.5) {
      const e = JSON.parse(pick(rnd, lines)) as { schema: string; properties: { name: string[]; birthDate?: string[]; nationality?: string[] } };
      let name = e.properties.name[0]!;
      const r = rnd();
      if (r < 0.2) name = name.split(' ').reverse().join(' ');
      else if (r < 0.35) name = script(name, CYRILLIC);
      else if (r < 0.5) name = name.replace(/[aeiou](?=[a-z]{3})/, 'e');
      queries.push({
        name, schema: e.schema === 'Person' ? 'Person' : 'Company', birthDate: e.properties.birthDate?.[0]?.length === 10 ? e.properties.birthDate[0] : null,
        nationality: e.properties.nationality?.[0] ?? null,
      });
    } else if (rnd() < 0.75) {
      queries.push({ name: `${pick(rnd, GIVEN)} ${surname(rnd)}`, schema: 'Person', birthDate: date(rnd), nationality: pick(rnd, COUNTRIES) });
    } else {
      queries.push({ name: `${surname(rnd)} ${pick(rnd, WORDS)} ${pick(rnd, LEGAL)}`, schema: 'Company', birthDate: null, nationality: null });
    }
  }
  return queries;
}
