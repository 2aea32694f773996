import type { FtmEntity } from '../../src/screening/index';

/**
 * A labelled evaluation set for the local screening matcher, generated (deterministic for a seed, like
 * bench/watchlist.ts): watchlist entities, and queries labelled `match` (the query is the listed entity,
 * written another way) or `non-match` (another party that looks alike), each with the `kind` of variation.
 * The names are built from tables of real-world name parts and romanisation rules (Cyrillic BGN/PCGN,
 * ISO 9, German and French; Greek ELOT 743 and phonetic; Arabic spelling variants; Chinese pinyin and
 * Wade-Giles), not copied from a list. Another seed gives a held-out set of the same kinds.
 */

export type EvalLabel = 'match' | 'non-match';

export interface EvalQuery {
  name: string;
  schema: 'Person' | 'Company';
  birthDate: string | null;
  nationality: string | null;
  country: string | null;
}

export interface EvalItem {
  kind: string;
  label: EvalLabel;
  /** The listed entity the query is compared with. */
  entityId: string;
  query: EvalQuery;
}

export interface EvalSet {
  entities: FtmEntity[];
  items: EvalItem[];
}

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

type Rnd = () => number;
const pick = <T>(rnd: Rnd, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const capWords = (s: string) => s.split(' ').map((w) => w.split('-').map(cap).join('-')).join(' ');

function date(rnd: Rnd): string {
  const y = 1945 + Math.floor(rnd() * 55);
  const m = 1 + Math.floor(rnd() * 12);
  const d = 1 + Math.floor(rnd() * 28);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Another date of birth, 3 to 25 years off. */
function otherDate(rnd: Rnd, d: string): string {
  const shift = (3 + Math.floor(rnd() * 23)) * (rnd() < 0.5 ? -1 : 1);
  return `${Number(d.slice(0, 4)) + shift}${d.slice(4)}`;
}

// ---------------------------------------------------------------------------------------------------------
// Cyrillic (Russian) and its romanisations.

const RU_GIVEN_M = ['Александр', 'Дмитрий', 'Сергей', 'Андрей', 'Алексей', 'Михаил', 'Николай', 'Юрий', 'Евгений', 'Владимир', 'Игорь', 'Олег',
  'Виктор', 'Константин', 'Фёдор', 'Григорий', 'Вячеслав', 'Аркадий', 'Геннадий', 'Валерий', 'Тимофей', 'Ярослав', 'Эдуард', 'Святослав'];
const RU_GIVEN_F = ['Ольга', 'Татьяна', 'Наталья', 'Екатерина', 'Юлия', 'Ксения', 'Людмила', 'Евгения', 'Жанна', 'Анастасия', 'Софья', 'Дарья'];
const RU_PATRONYMIC = ['Александрович', 'Дмитриевич', 'Сергеевич', 'Андреевич', 'Алексеевич', 'Михайлович', 'Николаевич', 'Юрьевич', 'Евгеньевич',
  'Владимирович', 'Игоревич', 'Олегович', 'Викторович', 'Константинович', 'Фёдорович', 'Григорьевич', 'Вячеславович', 'Аркадьевич'];
const RU_SURNAME = ['Щербаков', 'Хрущёв', 'Жуков', 'Чернышёв', 'Шевченко', 'Кузнецов', 'Соловьёв', 'Воробьёв', 'Зайцев', 'Цветков', 'Юсупов', 'Яковлев',
  'Тихонов', 'Журавлёв', 'Ефимов', 'Шукшин', 'Чайковский', 'Щукин', 'Ковальчук', 'Гончаренко', 'Пригожин', 'Хабибуллин', 'Евтушенко', 'Шувалов',
  'Филатов', 'Жириновский', 'Ершов', 'Чичваркин', 'Щеглов', 'Ежов', 'Хлебников', 'Шахназаров', 'Черкасов', 'Жеребцов', 'Ющенко', 'Цыганков',
  'Вишневский', 'Богданов', 'Лужков', 'Сечин', 'Тимченко', 'Ротенберг', 'Ковальчук', 'Дерипаска', 'Усманов', 'Керимов', 'Мельниченко', 'Гуцериев'];

type Scheme = 'bgn' | 'iso9' | 'de' | 'fr';
const RU_BASE: Record<string, [string, string, string, string]> = {
  // letter: [BGN/PCGN, ISO 9, German (Duden), French]
  а: ['a', 'a', 'a', 'a'], б: ['b', 'b', 'b', 'b'], в: ['v', 'v', 'w', 'v'], г: ['g', 'g', 'g', 'g'], д: ['d', 'd', 'd', 'd'],
  е: ['e', 'e', 'e', 'e'], ё: ['ë', 'ë', 'jo', 'io'], ж: ['zh', 'ž', 'sch', 'j'], з: ['z', 'z', 's', 'z'], и: ['i', 'i', 'i', 'i'],
  й: ['y', 'j', 'j', 'ï'], к: ['k', 'k', 'k', 'k'], л: ['l', 'l', 'l', 'l'], м: ['m', 'm', 'm', 'm'], н: ['n', 'n', 'n', 'n'],
  о: ['o', 'o', 'o', 'o'], п: ['p', 'p', 'p', 'p'], р: ['r', 'r', 'r', 'r'], с: ['s', 's', 's', 's'], т: ['t', 't', 't', 't'],
  у: ['u', 'u', 'u', 'ou'], ф: ['f', 'f', 'f', 'f'], х: ['kh', 'h', 'ch', 'kh'], ц: ['ts', 'c', 'z', 'ts'], ч: ['ch', 'č', 'tsch', 'tch'],
  ш: ['sh', 'š', 'sch', 'ch'], щ: ['shch', 'ŝ', 'schtsch', 'chtch'], ъ: ['', 'ʺ', '', ''], ы: ['y', 'y', 'y', 'y'], ь: ['', 'ʹ', '', ''],
  э: ['e', 'è', 'e', 'e'], ю: ['yu', 'û', 'ju', 'iou'], я: ['ya', 'â', 'ja', 'ia'],
};
const SCHEMES: Scheme[] = ['bgn', 'iso9', 'de', 'fr'];

/** A Russian name romanised by a scheme (letter by letter, with the common word-end rules for -ий/-ый). */
export function romaniseRussian(name: string, scheme: Scheme): string {
  const col = SCHEMES.indexOf(scheme);
  return name.split(' ').map((word) => {
    let w = word.toLowerCase();
    if (scheme === 'bgn') w = w.replace(/ий$/, 'iy').replace(/ый$/, 'yy');
    if (scheme === 'de') w = w.replace(/ий$/, 'ij').replace(/ый$/, 'y');
    if (scheme === 'fr') w = w.replace(/ий$/, 'i').replace(/ый$/, 'y');
    if (scheme === 'de' && /[аеиоуыэюя]с[аеиоуыэюя]/.test(w)) w = w.replace(/([аеиоуыэюя])с([аеиоуыэюя])/g, '$1сс$2');
    return cap([...w].map((ch) => RU_BASE[ch]?.[col] ?? ch).join(''));
  }).join(' ');
}

function russianPerson(rnd: Rnd): { cyr: string; parts: string[] } {
  const female = rnd() < 0.25;
  const given = pick(rnd, female ? RU_GIVEN_F : RU_GIVEN_M);
  let patronymic = pick(rnd, RU_PATRONYMIC);
  let surname = pick(rnd, RU_SURNAME);
  if (female) {
    patronymic = patronymic.replace(/вич$/, 'вна');
    if (/(ов|ев|ёв|ин)$/.test(surname)) surname += 'а';
    else if (/ий$/.test(surname)) surname = surname.replace(/ий$/, 'ая');
  }
  return { cyr: `${given} ${patronymic} ${surname}`, parts: [given, patronymic, surname] };
}

// ---------------------------------------------------------------------------------------------------------
// Greek and its romanisations (ELOT 743, and the phonetic spelling of passports and the press).

const GR_GIVEN = ['Γεώργιος', 'Κωνσταντίνος', 'Δημήτριος', 'Ιωάννης', 'Νικόλαος', 'Χρήστος', 'Παναγιώτης', 'Βασίλειος', 'Αθανάσιος', 'Ευάγγελος',
  'Μιχαήλ', 'Σταύρος', 'Θεόδωρος', 'Ελευθέριος', 'Σπυρίδων', 'Αικατερίνη', 'Ελένη', 'Ευαγγελία', 'Χαράλαμπος', 'Παρασκευή', 'Αναστάσιος', 'Ευστάθιος'];
const GR_SURNAME = ['Παπαδόπουλος', 'Χριστοδούλου', 'Οικονόμου', 'Γεωργίου', 'Καραγιάννης', 'Βλάχος', 'Αντωνόπουλος', 'Μαυρίδης', 'Θεοδωρίδης',
  'Κωνσταντινίδης', 'Ζαχαρίου', 'Μπακογιάννης', 'Ντόκος', 'Ψαράς', 'Ξενάκης', 'Χατζηδάκης', 'Γκίκας', 'Αγγελόπουλος', 'Κυριακίδης', 'Τσακαλώτος',
  'Ευαγγελίου', 'Σταυρόπουλος', 'Μητσοτάκης', 'Βαρουφάκης', 'Λαμπράκης', 'Φωτόπουλος', 'Θεοχάρης', 'Αυγερινός'];

const stripGreekAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC');

/** A Greek name romanised: ELOT 743 (the official tables) or the phonetic spelling (ει, οι, υ -> i; αι -> e; χ -> h; μπ -> b ...). */
export function romaniseGreek(name: string, scheme: 'elot' | 'phonetic'): string {
  return name.split(' ').map((word) => {
    let w = stripGreekAccents(word.toLowerCase()).replace(/ς/g, 'σ');
    const rules: [RegExp, string][] = scheme === 'elot'
      ? [[/^μπ/, 'b'], [/^ντ/, 'd'], [/μπ/, 'mp'], [/ντ/, 'nt'], [/γγ/, 'ng'], [/γκ/, 'gk'], [/γξ/, 'nx'], [/γχ/, 'nch'], [/ου/, 'ou'],
        [/αυ(?=[θκξπστφχψ]|$)/, 'af'], [/αυ/, 'av'], [/ευ(?=[θκξπστφχψ]|$)/, 'ef'], [/ευ/, 'ev'], [/θ/, 'th'], [/χ/, 'ch'], [/ψ/, 'ps']]
      : [[/μπ/, 'b'], [/ντ/, 'd'], [/γγ/, 'ng'], [/γκ/, 'g'], [/ου/, 'ou'], [/αι/, 'e'], [/ει/, 'i'], [/οι/, 'i'], [/αυ/, 'av'], [/ευ/, 'ev'],
        [/γ(?=[ιεη])/, 'y'], [/θ/, 'th'], [/χ/, 'h'], [/ψ/, 'ps']];
    for (const [re, to] of rules) w = w.replace(new RegExp(re.source, 'g'), to);
    const letters: Record<string, string> = {
      α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n', ξ: 'x', ο: 'o', π: 'p', ρ: 'r', σ: 's',
      τ: 't', υ: scheme === 'elot' ? 'y' : 'i', φ: 'f', ω: 'o',
    };
    return cap([...w].map((ch) => letters[ch] ?? ch).join(''));
  }).join(' ');
}

// ---------------------------------------------------------------------------------------------------------
// Arabic names: each part a cluster of the spellings it is written in (English, French, Levantine, Gulf ...).

const AR_GIVEN: string[][] = [
  ['Muhammad', 'Mohammed', 'Mohamad', 'Mohamed', 'Muhammed', 'Mohammad'], ['Ahmad', 'Ahmed'], ['Mahmud', 'Mahmoud', 'Mahmood'],
  ['Husayn', 'Hussein', 'Husein', 'Hussain', 'Hossein'], ['Hasan', 'Hassan'], ['Yusuf', 'Youssef', 'Yousef', 'Yusef', 'Yousif'], ['Umar', 'Omar'],
  ['Uthman', 'Othman', 'Osman'], ['Khalid', 'Khaled'], ['Said', 'Saeed', 'Saied'], ['Jamal', 'Gamal', 'Djamel', 'Jamel'],
  ['Qasim', 'Qassem', 'Kassem', 'Kasim'], ['Ibrahim', 'Ebrahim', 'Ibraheem'], ['Mustafa', 'Moustafa', 'Mostafa', 'Mustapha'],
  ['Abdullah', 'Abdallah', 'Abdulla', 'Abdellah'], ['Faisal', 'Faysal', 'Feisal'], ['Rashid', 'Rasheed', 'Rachid'], ['Walid', 'Waleed', 'Oualid'],
  ['Tariq', 'Tarek', 'Tareq', 'Tarik'], ['Karim', 'Kareem'], ['Nasir', 'Nasser', 'Naser'], ['Zaynab', 'Zeinab', 'Zainab'], ['Fatima', 'Fatimah', 'Fatma'],
  ['Aisha', 'Aicha', 'Ayesha'], ['Sulayman', 'Suleiman', 'Sleiman', 'Soliman'], ['Yahya', 'Yehia', 'Yahia'], ['Ismail', 'Ismael', 'Esmail'],
  ['Hamza', 'Hamzah'], ['Ayman', 'Aiman', 'Eyman'], ['Abbas', 'Abas'],
];
const AR_NISBA: string[][] = [
  ['Baghdadi'], ['Tikriti'], ['Masri'], ['Zawahiri', 'Zawahri'], ['Qahtani', 'Kahtani'], ['Shammari', 'Shamari'], ['Hashimi', 'Hashemi'],
  ['Awlaki', 'Aulaqi', 'Awlaqi'], ['Maliki'], ['Dulaimi', 'Dulaymi'], ['Khatib'], ['Sharif', 'Sherif'], ['Husseini', 'Husaini', 'Hussaini'],
  ['Amiri', 'Ameri'], ['Jaburi', 'Jabouri', 'Jubouri'], ['Ubaydi', 'Obaidi', 'Obeidi'], ['Hakim'], ['Zubaidi', 'Zubaydi'], ['Ghamdi'],
  ['Harithi', 'Harethi'], ['Kuwaiti'], ['Suri'], ['Qurashi', 'Qurayshi', 'Korashi'], ['Anizi', 'Enezi', 'Anazi'],
];
const AR_PREFIX = ['al-', 'Al-', 'el-', 'Al ', 'El '];

function arabicPerson(rnd: Rnd): { parts: string[][]; nisba: string[] } {
  const parts = [pick(rnd, AR_GIVEN), pick(rnd, AR_GIVEN)];
  if (rnd() < 0.5) parts.push(pick(rnd, AR_GIVEN));
  return { parts, nisba: pick(rnd, AR_NISBA) };
}
const arabicName = (p: { parts: string[][]; nisba: string[] }, spell: (cluster: string[]) => string, prefix: string) =>
  `${p.parts.map(spell).join(' ')} ${prefix}${spell(p.nisba)}`;

// ---------------------------------------------------------------------------------------------------------
// Chinese names: syllables in pinyin and Wade-Giles (apostrophes and hyphens as Wade-Giles writes them).

const ZH_SURNAME: [string, string][] = [
  ['Zhang', 'Chang'], ['Wang', 'Wang'], ['Li', 'Li'], ['Liu', 'Liu'], ['Chen', "Ch'en"], ['Yang', 'Yang'], ['Zhao', 'Chao'], ['Huang', 'Huang'],
  ['Zhou', 'Chou'], ['Wu', 'Wu'], ['Xu', 'Hsu'], ['Sun', 'Sun'], ['Zhu', 'Chu'], ['Guo', 'Kuo'], ['He', 'Ho'], ['Gao', 'Kao'], ['Zheng', 'Cheng'],
  ['Xie', 'Hsieh'], ['Song', 'Sung'], ['Tang', "T'ang"], ['Deng', 'Teng'], ['Cao', "Ts'ao"], ['Peng', "P'eng"], ['Zeng', 'Tseng'], ['Xiao', 'Hsiao'],
  ['Tian', "T'ien"], ['Dong', 'Tung'], ['Cai', "Ts'ai"], ['Jiang', 'Chiang'], ['Du', 'Tu'], ['Ye', 'Yeh'], ['Ding', 'Ting'], ['Xi', 'Hsi'], ['Qian', "Ch'ien"],
];
const ZH_SYLLABLE: [string, string][] = [
  ['jin', 'chin'], ['ping', "p'ing"], ['ze', 'tse'], ['dong', 'tung'], ['qiang', "ch'iang"], ['qing', "ch'ing"], ['hua', 'hua'], ['ming', 'ming'],
  ['jun', 'chun'], ['hong', 'hung'], ['zhi', 'chih'], ['guang', 'kuang'], ['wen', 'wen'], ['kai', "k'ai"], ['bo', 'po'], ['tao', "t'ao"], ['jia', 'chia'],
  ['xin', 'hsin'], ['long', 'lung'], ['hai', 'hai'], ['xiang', 'hsiang'], ['zhong', 'chung'], ['jie', 'chieh'], ['yong', 'yung'], ['rong', 'jung'],
  ['ning', 'ning'], ['chun', "ch'un"], ['gang', 'kang'], ['bin', 'pin'], ['lei', 'lei'], ['xiu', 'hsiu'], ['fang', 'fang'], ['lan', 'lan'], ['ying', 'ying'],
  ['yu', 'yu'], ['xiao', 'hsiao'], ['de', 'te'], ['zhen', 'chen'], ['qi', "ch'i"], ['zu', 'tsu'], ['cheng', "ch'eng"], ['shi', 'shih'], ['wei', 'wei'],
];

function chinesePerson(rnd: Rnd): { pinyin: string; wade: string; short: boolean } {
  const [sp, sw] = pick(rnd, ZH_SURNAME);
  if (rnd() < 0.3) {
    const [gp, gw] = pick(rnd, ZH_SYLLABLE);
    return { pinyin: `${sp} ${cap(gp)}`, wade: `${sw} ${cap(gw)}`, short: true };
  }
  const [ap, aw] = pick(rnd, ZH_SYLLABLE);
  const [bp, bw] = pick(rnd, ZH_SYLLABLE);
  return { pinyin: `${sp} ${cap(ap)}${bp}`, wade: `${sw} ${cap(aw)}-${bw}`, short: false };
}

// ---------------------------------------------------------------------------------------------------------
// Latin-script names (European, with and without diacritics), for typos, order, initials, titles.

const WEST_GIVEN = ['John', 'Michael', 'Robert', 'William', 'Richard', 'Thomas', 'Charles', 'Daniel', 'Matthew', 'Anthony', 'Elizabeth', 'Margaret',
  'Catherine', 'Patricia', 'Jennifer', 'Stephanie', 'Christopher', 'Jonathan', 'Benjamin', 'Alexander', 'Frederick', 'Gregory', 'Lawrence', 'Victoria',
  'Hans', 'Wolfgang', 'Dieter', 'Juergen', 'Pierre', 'Francois', 'Laurent', 'Giuseppe', 'Francesco', 'Alessandro', 'Carlos', 'Fernando', 'Alejandro',
  'Isabel', 'Beatriz', 'Joao', 'Henrik', 'Lars', 'Magnus', 'Piotr', 'Krzysztof', 'Tomasz', 'Mehmet', 'Mustafa', 'Emre', 'Kwame', 'Oluwaseun', 'Chukwuemeka'];
const WEST_SURNAME = ['Smitherton', 'Hargreaves', 'Blackwood', 'Fairweather', 'Whitmore', 'Kensington', 'Ashworth', 'Pemberton', 'Rutherford',
  'Castellanos', 'Villanueva', 'Montenegro', 'Bergstrom', 'Lindqvist', 'Kowalczyk', 'Wisniewski', 'Schneider', 'Hoffmann', 'Zimmermann',
  'Lefebvre', 'Moreau', 'Fontaine', 'Marchetti', 'Lombardi', 'Ferraro', 'Esposito', 'Yildirim', 'Ozturk', 'Karakaya', 'Mensah', 'Okonkwo', 'Adeyemi',
  'Fitzgerald', 'McAllister', 'Donovan', 'Gallagher', 'Oyelaran', 'Nakamura', 'Takahashi', 'Brandvold', 'Quillfeather', 'Thornbury', 'Vandersloot',
  'Abernathy', 'Delacroix', 'Carrington', 'Holloway', 'Templeton', 'Wainwright', 'Galbraith'];
const DIACRITIC_NAMES: [string, string[]][] = [
  // written with diacritics, and the ASCII spellings a form or a passport's machine-readable zone gives
  ['José María Ñúñez', ['Jose Maria Nunez']], ['Jürgen Müller', ['Juergen Mueller', 'Jurgen Muller']], ['Łukasz Wałęsa', ['Lukasz Walesa']],
  ['Søren Kierkegård', ['Soren Kierkegard', 'Soeren Kierkegaard']], ['Hüseyin Çelik', ['Huseyin Celik']], ['Ayşe Şahin', ['Ayse Sahin']],
  ['François Lefèvre', ['Francois Lefevre']], ['Antonín Dvořák', ['Antonin Dvorak']], ['Jiří Novák', ['Jiri Novak']], ['Đorđe Đorđević', ['Djordje Djordjevic', 'Dorde Dordevic']],
  ['Björn Ångström', ['Bjorn Angstrom', 'Bjoern Aangstroem']], ['Zoë Brontë', ['Zoe Bronte']], ['Gülşen Yılmaz', ['Gulsen Yilmaz']],
  ['Ştefan Ţăranu', ['Stefan Taranu']], ['Małgorzata Żółkiewska', ['Malgorzata Zolkiewska']], ['Nuño Peñalosa Güemes', ['Nuno Penalosa Guemes']],
  ['Hélène Bézier-Dubœuf', ['Helene Bezier-Duboeuf', 'Helene Bezier Duboeuf']], ['Óscar Ibáñez', ['Oscar Ibanez']], ['Ludovít Štúr', ['Ludovit Stur']],
  ['Mirosław Kłosiński', ['Miroslaw Klosinski']], ['Ümit Gündoğdu', ['Umit Gundogdu']], ['Þórunn Sigurðardóttir', ['Thorunn Sigurdardottir']],
  ['Dương Văn Đức', ['Duong Van Duc']], ['Gonçalo Araújo', ['Goncalo Araujo']], ['Åsa Nyström', ['Asa Nystrom']],
  ['Sebastián Ruíz Peña', ['Sebastian Ruiz Pena']], ['Mátyás Szőllősi', ['Matyas Szollosi']], ['Raphaël Bénard', ['Raphael Benard']],
];
const TITLES = ['Dr.', 'Dr', 'Mr', 'Mr.', 'Mrs', 'Ms', 'Prof.', 'Sheikh', 'Shaikh', 'General', 'Gen.', 'Colonel', 'Col.', 'H.E.', 'His Excellency',
  'Haji', 'Hajji', 'Eng.', 'Sir', 'Lieutenant General', 'Major', 'Brigadier', 'Admiral', 'Judge', 'Senator', 'Minister', 'Imam', 'Mullah', 'Capt.'];

/** Joined or split name parts: the ways of writing one name. */
const SPLITS: string[][] = [
  ['Abdul Rahman', 'Abdulrahman', 'Abd al-Rahman', 'Abdel Rahman', 'Abdurrahman'], ['Abdul Aziz', 'Abdulaziz', 'Abd al-Aziz', 'Abdelaziz'],
  ['Abdul Karim', 'Abdulkarim', 'Abd al-Karim', 'Abdelkarim'], ['Abdul Hamid', 'Abdulhamid', 'Abdelhamid', 'Abd al-Hamid'],
  ['Nur al-Din', 'Nuruddin', 'Nureddin', 'Nour el-Din'], ['Saif al-Islam', 'Saifalislam', 'Seif el-Islam', 'Saif ul-Islam'],
  ['Abu Bakr', 'Abubakr', 'Abubakar', 'Abu Bakar'], ['Zine el-Abidine', 'Zinelabidine', 'Zain al-Abidin'], ['Jean-Pierre', 'Jean Pierre', 'Jeanpierre'],
  ['Marie-Claire', 'Marie Claire', 'Marieclaire'], ['van der Berg', 'Vanderberg', 'Van den Berg'], ['de la Cruz', 'Delacruz', 'De La Cruz'],
  ['Mac Donald', 'MacDonald', 'Macdonald'], ['Ben Ali', 'Benali', 'Ben-Ali'], ['Al Sayed', 'Alsayed', 'El-Sayed'], ['Ould Abdallah', 'Ouldabdallah'],
  ['Fang Qiao Lun', 'Fang Qiaolun'], ['Hadj Ahmed', 'Hadjahmed', 'Hajj Ahmed'], ['Ibn Saud', 'Ibnsaud', 'Bin Saud'], ['Di Stefano', 'Distefano', 'DiStefano'],
];

/** One typo: a letter swapped, dropped, doubled, or two neighbours transposed (never the first letter). */
function typo(rnd: Rnd, word: string): string {
  if (word.length < 4) return word;
  const i = 1 + Math.floor(rnd() * (word.length - 2));
  const op = Math.floor(rnd() * 4);
  const letters = 'aeioulnrstmkdh';
  if (op === 0) {
    let ch = pick(rnd, [...letters]);
    if (ch === word[i]) ch = ch === 'a' ? 'e' : 'a';
    return word.slice(0, i) + ch + word.slice(i + 1);
  }
  if (op === 1) return word.slice(0, i) + word.slice(i + 1);
  if (op === 2) return word.slice(0, i) + word[i] + word.slice(i);
  return word[i] === word[i + 1] ? word.slice(0, i) + word.slice(i + 1) : word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

// ---------------------------------------------------------------------------------------------------------
// Companies.

const CO_DISTINCT = ['Aurora', 'Zheleznov', 'Borealis', 'Kestrel', 'Meridian', 'Novatek', 'Sokolov', 'Altair', 'Caspian', 'Baltika', 'Orion',
  'Pegasus', 'Sapphire', 'Tamerlane', 'Volga', 'Zenith', 'Andromeda', 'Karakum', 'Euphrates', 'Halcyon', 'Ironbridge', 'Larkspur', 'Mistral',
  'Nordwind', 'Obsidian', 'Quorum', 'Ravenscroft', 'Serengeti', 'Tiberius', 'Umbria', 'Valdai', 'Wexford', 'Yamal', 'Zagros', 'Amberley',
  'Blackthorn', 'Corvina', 'Dunmore', 'Elbrus', 'Falkirk', 'Granitas', 'Hesperus', 'Inverness', 'Jadeite', 'Kolyma', 'Lysander', 'Marigold'];
const CO_BUSINESS = ['Shipping', 'Mining', 'Maritime', 'Petroleum', 'Logistics', 'Metallurgical', 'Aviation', 'Chemicals', 'Textiles', 'Agro',
  'Construction', 'Pharmaceuticals', 'Timber', 'Fisheries', 'Electronics', 'Telecom', 'Insurance', 'Tobacco', 'Cement', 'Fertilizers', 'Machinery',
  'Diamonds', 'Grain', 'Steel', 'Uranium', 'Software', 'Security', 'Tankers'];
/** Legal forms: each row one form as different languages and abbreviations write it; `pre` forms go before the name. */
const LEGAL_FORMS: { forms: string[]; pre?: string[] }[] = [
  { forms: ['Ltd', 'Ltd.', 'Limited'] },
  { forms: ['LLC', 'L.L.C.', 'Limited Liability Company'], pre: ['OOO', 'ООО', 'Obshchestvo s Ogranichennoy Otvetstvennostyu', 'TOV', 'ТОВ'] },
  { forms: ['GmbH', 'Gesellschaft mit beschränkter Haftung', 'Ges.m.b.H.'] },
  { forms: ['SARL', 'S.A.R.L.', 'S.à r.l.', 'Société à responsabilité limitée'] },
  { forms: ['AG', 'Aktiengesellschaft'] },
  { forms: ['S.A.', 'SA', 'Sociedad Anónima', 'Société Anonyme'] },
  { forms: ['B.V.', 'BV', 'Besloten Vennootschap'] },
  { forms: ['N.V.', 'NV', 'Naamloze Vennootschap'] },
  { forms: ['JSC', 'Joint Stock Company', 'Joint-Stock Company'], pre: ['AO', 'АО', 'Aktsionernoye Obshchestvo', 'ZAO', 'OAO'] },
  { forms: ['PJSC', 'Public Joint Stock Company'], pre: ['PAO', 'ПАО', 'Publichnoye Aktsionernoye Obshchestvo'] },
  { forms: ['Inc', 'Inc.', 'Incorporated', 'Corp.', 'Corporation'] },
  { forms: ['PLC', 'plc', 'Public Limited Company'] },
  { forms: ['S.p.A.', 'SpA', 'Società per Azioni'] },
  { forms: ['Sp. z o.o.', 'Spółka z ograniczoną odpowiedzialnością', 'sp. z o. o.'] },
  { forms: ['FZE', 'FZCO', 'Free Zone Establishment', 'FZ-LLC'] },
  { forms: ['Co., Ltd.', 'Company Limited', 'Co. Ltd'] },
  { forms: ['Pte Ltd', 'Pte. Ltd.', 'Private Limited'] },
  { forms: ['S.R.L.', 'SRL', 'Società a responsabilità limitata', 'Sociedad de Responsabilidad Limitada'] },
];
/** Words and their abbreviations in company names. */
const CO_ABBREVIATIONS: [string, string][] = [
  ['International', 'Intl'], ['International', "Int'l"], ['Corporation', 'Corp'], ['Company', 'Co'], ['Manufacturing', 'Mfg'], ['Brothers', 'Bros'],
  ['and', '&'], ['Technologies', 'Tech'], ['Holdings', 'Hldgs'], ['Services', 'Svcs'], ['Engineering', 'Eng'], ['Development', 'Dev'],
  ['Association', 'Assn'], ['Industries', 'Ind'], ['Trading', 'Trdg'], ['National', 'Natl'], ['Management', 'Mgmt'], ['Group', 'Grp'],
  ['Investments', 'Invest'], ['Enterprises', 'Ent'],
];

// ---------------------------------------------------------------------------------------------------------

const COUNTRIES = ['ru', 'ua', 'by', 'gr', 'cy', 'ye', 'iq', 'sy', 'eg', 'ae', 'sa', 'ir', 'tr', 'de', 'fr', 'gb', 'us', 've', 'cn', 'hk', 'tw', 'kp',
  'za', 'ng', 'pl', 'es', 'it', 'ch', 'se', 'no', 'lb', 'ly', 'af', 'pk'];
const otherCountry = (rnd: Rnd, c: string) => {
  let o = pick(rnd, COUNTRIES);
  while (o === c) o = pick(rnd, COUNTRIES);
  return o;
};

/** The kinds, in report order; `non-match` kinds come last. */
export const EVAL_KINDS: { kind: string; label: EvalLabel }[] = [
  { kind: 'translit_cyrillic', label: 'match' }, { kind: 'translit_greek', label: 'match' }, { kind: 'translit_arabic', label: 'match' },
  { kind: 'translit_chinese', label: 'match' }, { kind: 'typo_one', label: 'match' }, { kind: 'typo_two', label: 'match' },
  { kind: 'reordered', label: 'match' }, { kind: 'missing_middle', label: 'match' }, { kind: 'initials', label: 'match' },
  { kind: 'honorific', label: 'match' }, { kind: 'diacritics', label: 'match' }, { kind: 'joined_split', label: 'match' },
  { kind: 'company_legal_form', label: 'match' }, { kind: 'company_abbreviation', label: 'match' }, { kind: 'weak_alias', label: 'match' },
  { kind: 'short_name', label: 'match' },
  { kind: 'namesake_birth_date', label: 'non-match' }, { kind: 'namesake_nationality', label: 'non-match' }, { kind: 'common_name', label: 'non-match' },
  { kind: 'company_distinguishing_word', label: 'non-match' }, { kind: 'similar_surname', label: 'non-match' }, { kind: 'same_birth_date_other_name', label: 'non-match' },
];

interface Built {
  entity: { names: string[]; aliases?: string[]; weakAliases?: string[]; schema: 'Person' | 'Company'; birthDate?: string; nationality?: string };
  query: EvalQuery;
}

/** A Latin-script person of any origin (for the kinds that are not about transliteration). */
function anyLatinPerson(rnd: Rnd): string[] {
  const r = rnd();
  if (r < 0.4) {
    const parts = [pick(rnd, WEST_GIVEN)];
    if (rnd() < 0.4) parts.push(pick(rnd, WEST_GIVEN));
    parts.push(pick(rnd, WEST_SURNAME));
    return parts;
  }
  if (r < 0.6) return romaniseRussian(russianPerson(rnd).cyr, 'bgn').split(' ');
  if (r < 0.8) {
    const a = arabicPerson(rnd);
    return arabicName(a, (c) => c[0]!, 'al-').split(' ');
  }
  return romaniseGreek(`${pick(rnd, GR_GIVEN)} ${pick(rnd, GR_SURNAME)}`, 'elot').split(' ');
}

/** Full entity facts for a person, and what the query carries of them (a subject often gives both, sometimes neither). */
function personFacts(rnd: Rnd, nat: string): { birthDate: string; nationality: string; qBirth: string | null; qNat: string | null; listed: string } {
  const birthDate = date(rnd);
  const listed = rnd() < 0.25 ? birthDate.slice(0, 4) : birthDate;
  return { birthDate, nationality: nat, listed, qBirth: rnd() < 0.7 ? birthDate : null, qNat: rnd() < 0.6 ? nat : null };
}

function buildItem(rnd: Rnd, kind: string): Built {
  const person = (names: string[], query: string, nat: string, more: Partial<Built['entity']> = {}): Built => {
    const f = personFacts(rnd, nat);
    return {
      entity: { names, schema: 'Person', birthDate: f.listed, nationality: f.nationality, ...more },
      query: { name: query, schema: 'Person', birthDate: f.qBirth, nationality: f.qNat, country: null },
    };
  };
  const company = (name: string, query: string, country: string): Built => ({
    entity: { names: [name], schema: 'Company', nationality: country },
    query: { name: query, schema: 'Company', birthDate: null, nationality: null, country: rnd() < 0.5 ? country : null },
  });
  switch (kind) {
    case 'translit_cyrillic': {
      const p = russianPerson(rnd);
      const listScheme: Scheme | 'cyrillic' = pick(rnd, ['bgn', 'bgn', 'cyrillic'] as const);
      const queryScheme = pick(rnd, SCHEMES.filter((s) => s !== listScheme));
      const listed = listScheme === 'cyrillic' ? p.cyr : romaniseRussian(p.cyr, listScheme);
      // a subject's form has the given name and surname; the list the full name with the patronymic (or both ways)
      const q = rnd() < 0.5 ? p.cyr : `${p.parts[0]} ${p.parts[2]}`;
      return person([listed], romaniseRussian(q, queryScheme), pick(rnd, ['ru', 'ru', 'by', 'ua']));
    }
    case 'translit_greek': {
      const g = `${pick(rnd, GR_GIVEN)} ${pick(rnd, GR_SURNAME)}`;
      const [a, b] = rnd() < 0.5 ? ['elot', 'phonetic'] as const : ['phonetic', 'elot'] as const;
      const listed = rnd() < 0.3 ? g : romaniseGreek(g, a);
      return person([listed], romaniseGreek(g, b), pick(rnd, ['gr', 'gr', 'cy']));
    }
    case 'translit_arabic': {
      const a = arabicPerson(rnd);
      const listed = arabicName(a, (c) => c[0]!, 'al-');
      const query = arabicName(a, (c) => pick(rnd, c), pick(rnd, AR_PREFIX));
      return person([listed], query, pick(rnd, ['iq', 'sy', 'ye', 'sa', 'eg', 'lb', 'ly']));
    }
    case 'translit_chinese': {
      const z = chinesePerson(rnd);
      const [l, q] = rnd() < 0.6 ? [z.wade, z.pinyin] : [z.pinyin, z.wade];
      return person([l], q, pick(rnd, ['cn', 'cn', 'hk', 'tw']));
    }
    case 'typo_one':
    case 'typo_two': {
      const parts = anyLatinPerson(rnd);
      const q = [...parts];
      const longest = (xs: string[]) => xs.reduce((bi, w, i) => (w.length > xs[bi]!.length ? i : bi), 0);
      const i = rnd() < 0.6 ? q.length - 1 : longest(q);
      q[i] = typo(rnd, q[i]!);
      if (kind === 'typo_two') {
        const others = q.map((w, j) => j).filter((j) => j !== i && q[j]!.length >= 4);
        if (others.length && rnd() < 0.7) {
          const j = pick(rnd, others);
          q[j] = typo(rnd, q[j]!);
        } else q[i] = typo(rnd, q[i]!);
      }
      return person([parts.join(' ')], q.join(' '), pick(rnd, COUNTRIES));
    }
    case 'reordered': {
      const parts = anyLatinPerson(rnd);
      let q: string;
      if (rnd() < 0.5) q = `${parts[parts.length - 1]!.toUpperCase()}, ${parts.slice(0, -1).join(' ')}`;
      else {
        const shuffled = [...parts];
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = Math.floor(rnd() * (i + 1));
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        if (shuffled.join(' ') === parts.join(' ')) shuffled.reverse();
        q = shuffled.join(' ');
      }
      return person([parts.join(' ')], q, pick(rnd, COUNTRIES));
    }
    case 'missing_middle': {
      let parts = anyLatinPerson(rnd);
      if (parts.length < 3) parts = [parts[0]!, pick(rnd, WEST_GIVEN), ...parts.slice(1)];
      const q = [parts[0]!, parts[parts.length - 1]!];
      // either side may be the shorter one: the list without the middle name, or the subject
      return rnd() < 0.7 ? person([parts.join(' ')], q.join(' '), pick(rnd, COUNTRIES)) : person([q.join(' ')], parts.join(' '), pick(rnd, COUNTRIES));
    }
    case 'initials': {
      const parts = anyLatinPerson(rnd).filter((w) => !/^(al|el)-/i.test(w) || true);
      const last = parts[parts.length - 1]!;
      const firsts = parts.slice(0, -1);
      const r = rnd();
      let q: string;
      if (r < 0.4) q = `${firsts.map((w) => `${w[0]}.`).join(' ')} ${last}`;
      else if (r < 0.7) q = `${firsts[0]![0]}. ${last}`;
      else q = `${firsts[0]} ${firsts.slice(1).map((w) => `${w[0]}.`).join(' ')} ${last}`.replace(/\s+/g, ' ');
      return person([parts.join(' ')], q, pick(rnd, COUNTRIES));
    }
    case 'honorific': {
      const parts = anyLatinPerson(rnd);
      const title = pick(rnd, TITLES);
      return rnd() < 0.6 ? person([parts.join(' ')], `${title} ${parts.join(' ')}`, pick(rnd, COUNTRIES)) : person([`${title} ${parts.join(' ')}`], parts.join(' '), pick(rnd, COUNTRIES));
    }
    case 'diacritics': {
      const [d, plain] = pick(rnd, DIACRITIC_NAMES);
      const middle = rnd() < 0.3 ? ` ${pick(rnd, WEST_GIVEN)}` : '';
      const withMiddle = (n: string) => n.replace(' ', `${middle} `);
      return rnd() < 0.6 ? person([withMiddle(d)], withMiddle(pick(rnd, plain)), pick(rnd, COUNTRIES)) : person([withMiddle(pick(rnd, plain))], withMiddle(d), pick(rnd, COUNTRIES));
    }
    case 'joined_split': {
      const forms = pick(rnd, SPLITS);
      const a = pick(rnd, forms);
      let b = pick(rnd, forms);
      while (b === a) b = pick(rnd, forms);
      const other = anyLatinPerson(rnd);
      const tail = other[other.length - 1]!;
      const head = rnd() < 0.5 ? `${pick(rnd, WEST_GIVEN)} ` : '';
      // the split part as a given name or as a family name
      return rnd() < 0.5 ? person([`${a} ${tail}`], `${b} ${tail}`, pick(rnd, COUNTRIES)) : person([`${head}${tail} ${a}`], `${head}${tail} ${b}`, pick(rnd, COUNTRIES));
    }
    case 'company_legal_form': {
      const base = `${pick(rnd, CO_DISTINCT)} ${pick(rnd, CO_BUSINESS)}`;
      const lf = pick(rnd, LEGAL_FORMS);
      const written = (form: string) => (lf.pre?.includes(form) ? `${form} ${rnd() < 0.5 ? `"${base}"` : base}` : `${base} ${form}`);
      const all = [...lf.forms, ...(lf.pre ?? [])];
      const a = pick(rnd, all);
      let b = pick(rnd, all);
      while (b === a) b = pick(rnd, all);
      return company(written(a), rnd() < 0.15 ? base.toUpperCase() : written(b), pick(rnd, COUNTRIES));
    }
    case 'company_abbreviation': {
      const [long, short] = pick(rnd, CO_ABBREVIATIONS);
      const d = pick(rnd, CO_DISTINCT);
      const words = long === 'and' ? [d, pick(rnd, CO_BUSINESS), 'and', pick(rnd, CO_BUSINESS)] : [d, pick(rnd, CO_BUSINESS), long];
      const abbr = words.map((w) => (w === long ? short : w));
      const lf = pick(rnd, ['Ltd', 'LLC', 'GmbH', 'S.A.', 'Inc.', '']);
      const [a, b] = rnd() < 0.5 ? [words, abbr] : [abbr, words];
      return company(`${a.join(' ')} ${lf}`.trim(), `${b.join(' ')} ${lf}`.trim(), pick(rnd, COUNTRIES));
    }
    case 'weak_alias': {
      const parts = anyLatinPerson(rnd);
      const weak = rnd() < 0.5 ? `Abu ${pick(rnd, AR_GIVEN)[0]}` : `${pick(rnd, ['Doctor', 'Engineer', 'Hajji', 'Big', 'Uncle', 'Commander'])} ${pick(rnd, [...CO_DISTINCT, ...WEST_SURNAME])}`;
      const built = person([parts.join(' ')], weak, pick(rnd, COUNTRIES), { weakAliases: [weak] });
      // a weak alias is a lead only with something to corroborate it: the subject's date of birth
      built.query.birthDate = built.entity.birthDate!.length === 10 ? built.entity.birthDate! : `${built.entity.birthDate}-06-15`;
      return built;
    }
    case 'short_name': {
      const r = rnd();
      if (r < 0.5) {
        const z = chinesePerson(rnd);
        const [sp, sw] = pick(rnd, ZH_SURNAME);
        const [gp, gw] = pick(rnd, ZH_SYLLABLE);
        const [l, q] = rnd() < 0.5 ? [`${sp} ${cap(gp)}`, `${sw} ${cap(gw)}`] : [`${sw} ${cap(gw)}`, `${sp} ${cap(gp)}`];
        void z;
        return person([l], rnd() < 0.3 ? q.split(' ').reverse().join(' ') : q, pick(rnd, ['cn', 'tw', 'hk']));
      }
      const pool: string[][] = [['Kim', 'Gim'], ['Lee', 'Yi', 'Rhee'], ['Pak', 'Park', 'Bak'], ['Ri', 'Rhee', 'Lee'], ['Ali', 'Aly'], ['Ben', 'Ben'],
        ['Nam', 'Nam'], ['Jun', 'Joon'], ['Min', 'Min'], ['Bui', 'Bui'], ['Ngo', 'Ngo'], ['Ly', 'Li'], ['Vu', 'Vu', 'Wu'], ['Ong', 'Ong'], ['Omar', 'Umar'],
        ['Eun', 'Un'], ['Yun', 'Yoon'], ['Sun', 'Son'], ['Tae', 'Tae'], ['Hyo', 'Hyo'], ['Kang', 'Gang'], ['Cho', 'Jo']];
      const a = pick(rnd, pool);
      const b = pick(rnd, pool.filter((x) => x !== a));
      const listed = `${a[0]} ${b[0]}`;
      const q = `${pick(rnd, a)} ${pick(rnd, b)}`;
      return person([listed], rnd() < 0.3 ? q.split(' ').reverse().join(' ') : q, pick(rnd, ['kp', 'kr', 'vn', 'iq']));
    }
    case 'namesake_birth_date': {
      const parts = anyLatinPerson(rnd);
      const nat = pick(rnd, COUNTRIES);
      const b = person([parts.join(' ')], parts.join(' '), nat);
      b.entity.birthDate = b.entity.birthDate!.length === 4 ? b.entity.birthDate : b.entity.birthDate;
      b.query.birthDate = otherDate(rnd, b.entity.birthDate!.length === 10 ? b.entity.birthDate! : `${b.entity.birthDate}-03-03`);
      b.query.nationality = rnd() < 0.5 ? nat : null;
      return b;
    }
    case 'namesake_nationality': {
      const parts = anyLatinPerson(rnd);
      const nat = pick(rnd, COUNTRIES);
      const b = person([parts.join(' ')], parts.join(' '), nat);
      b.query.nationality = otherCountry(rnd, nat);
      b.query.birthDate = null;
      return b;
    }
    case 'common_name': {
      // The subject's two common name parts, the listed person's the same two and a family name besides.
      const r = rnd();
      let q: string[];
      let family: string;
      if (r < 0.4) {
        const a = arabicPerson(rnd);
        q = [a.parts[0]![0]!, a.parts[1]![0]!];
        family = `al-${a.nisba[0]}`;
      } else if (r < 0.7) {
        q = [pick(rnd, WEST_GIVEN), pick(rnd, WEST_GIVEN)];
        family = pick(rnd, WEST_SURNAME);
      } else {
        const p = russianPerson(rnd);
        q = romaniseRussian(`${p.parts[0]} ${p.parts[1]}`, 'bgn').split(' ');
        family = romaniseRussian(p.parts[2]!, 'bgn');
      }
      const b = person([`${q.join(' ')} ${family}`], q.join(' '), pick(rnd, COUNTRIES));
      b.query.birthDate = null;
      b.query.nationality = null;
      return b;
    }
    case 'company_distinguishing_word': {
      const d = pick(rnd, CO_DISTINCT);
      const biz = pick(rnd, CO_BUSINESS);
      let other = pick(rnd, CO_BUSINESS);
      while (other === biz) other = pick(rnd, CO_BUSINESS);
      const lf = pick(rnd, ['Ltd', 'LLC', 'GmbH', 'S.A.', 'Holdings Ltd', 'Group', 'International Ltd', '']);
      const country = pick(rnd, COUNTRIES);
      if (rnd() < 0.5) return company(`${d} ${biz} ${lf}`.trim(), `${d} ${other} ${lf}`.trim(), country);
      let d2 = pick(rnd, CO_DISTINCT);
      while (d2 === d) d2 = pick(rnd, CO_DISTINCT);
      return company(`${d} ${biz} ${lf}`.trim(), `${d2} ${biz} ${lf}`.trim(), country);
    }
    case 'similar_surname': {
      // The same given name(s), another surname of the same origin.
      const parts = anyLatinPerson(rnd);
      let other = anyLatinPerson(rnd);
      while (other[other.length - 1] === parts[parts.length - 1]) other = anyLatinPerson(rnd);
      const q = [...parts.slice(0, -1), other[other.length - 1]!];
      return person([parts.join(' ')], q.join(' '), pick(rnd, COUNTRIES));
    }
    case 'same_birth_date_other_name': {
      // A relative: the same family name, another given name, the same date of birth and nationality.
      const parts = anyLatinPerson(rnd);
      let given = anyLatinPerson(rnd)[0]!;
      while (given === parts[0]) given = anyLatinPerson(rnd)[0]!;
      const b = person([parts.join(' ')], `${given} ${parts[parts.length - 1]}`, pick(rnd, COUNTRIES));
      b.query.birthDate = b.entity.birthDate!.length === 10 ? b.entity.birthDate! : `${b.entity.birthDate}-01-01`;
      b.query.nationality = b.entity.nationality!;
      return b;
    }
  }
  throw new Error(`unknown kind ${kind}`);
}

/** Listed entities that no query is about: they make the index realistic (shared given names, common words). */
function distractor(rnd: Rnd, i: number, seed: number): FtmEntity {
  if (rnd() < 0.25) {
    const name = `${pick(rnd, CO_DISTINCT)} ${pick(rnd, CO_BUSINESS)} ${pick(rnd, LEGAL_FORMS).forms[0]}`;
    return { id: `eval-${seed}-d${i}`, schema: 'Company', caption: name, properties: { name: [name], jurisdiction: [pick(rnd, COUNTRIES)], topics: ['sanction'] }, datasets: ['eval'] };
  }
  const name = anyLatinPerson(rnd).join(' ');
  return {
    id: `eval-${seed}-d${i}`, schema: 'Person', caption: name,
    properties: { name: [name], birthDate: [date(rnd)], nationality: [pick(rnd, COUNTRIES)], topics: ['sanction'] }, datasets: ['eval'],
  };
}

/**
 * The evaluation set for a seed: `perKind` items of every kind (each with its own listed entity) and
 * `distractors` other listed entities.
 */
export function screeningEvalSet(options: { seed?: number; perKind?: number; distractors?: number } = {}): EvalSet {
  const seed = options.seed ?? 27;
  const perKind = options.perKind ?? 60;
  const rnd = prng(seed);
  const entities: FtmEntity[] = [];
  const items: EvalItem[] = [];
  for (const { kind, label } of EVAL_KINDS) {
    for (let n = 0; n < perKind; n++) {
      const b = buildItem(rnd, kind);
      const id = `eval-${seed}-${kind}-${n}`;
      const e = b.entity;
      const caption = capWords(e.names[0]!).replace(/Ltd\b/, 'Ltd');
      const properties: Record<string, string[]> = { name: e.names, topics: [pick(rnd, ['sanction', 'sanction', 'role.pep', 'crime'])] };
      if (e.aliases?.length) properties.alias = e.aliases;
      if (e.weakAliases?.length) properties.weakAlias = e.weakAliases;
      if (e.schema === 'Person') {
        if (e.birthDate) properties.birthDate = [e.birthDate];
        if (e.nationality) properties.nationality = [e.nationality];
      } else if (e.nationality) properties.jurisdiction = [e.nationality];
      entities.push({ id, schema: e.schema, caption: e.names[0]!.includes(' ') ? e.names[0]! : caption, properties, datasets: ['eval'] });
      items.push({ kind, label, entityId: id, query: b.query });
    }
  }
  const distractors = options.distractors ?? 3_000;
  for (let i = 0; i < distractors; i++) entities.push(distractor(rnd, i, seed));
  return { entities, items };
}
