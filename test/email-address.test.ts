import { expect } from 'chai';
import fc from 'fast-check';
import { emailAddressProblem, emailKey, isAcceptedEmail } from '../src/cases/index';

/** One code point, weighted towards the blocks where folding and compatibility forms live. */
const codePoint = fc
  .oneof(
    fc.integer({ min: 0x20, max: 0x24f }), // ASCII, Latin-1, Latin Extended
    fc.integer({ min: 0x300, max: 0x52f }), // combining marks, Greek, Cyrillic
    fc.integer({ min: 0x1e00, max: 0x1fff }), // Latin Extended Additional, Greek Extended
    fc.integer({ min: 0xfb00, max: 0xffef }), // ligatures, presentation forms, fullwidth
    fc.integer({ min: 0, max: 0x10ffff }),
  )
  .filter((cp) => cp < 0xd800 || cp > 0xdfff)
  .map((cp) => String.fromCodePoint(cp));

describe('customer email addresses: the normalized key and what is refused', () => {
  it('folds compatibility forms and case (NFKC_Casefold), nothing a person sees as another letter', () => {
    const same: [string, string][] = [
      ['Dedup@X.Test', 'dedup@x.test'],
      ['ｄｅｄｕｐ@x.test', 'dedup@x.test'], // fullwidth
      ['ＤＥＤＵＰ@x.test', 'dedup@x.test'],
      ['de\u0301dup@x.test', 'd\u00e9dup@x.test'], // decomposed é is the precomposed one
      ['DÉDUP@x.test', 'd\u00e9dup@x.test'],
      ['STRASSE@x.test', 'strasse@x.test'], // full case folding: ß and ẞ are ss
      ['straße@x.test', 'strasse@x.test'],
      ['STRAẞE@x.test', 'strasse@x.test'],
      ['ΣΊΣΥΦΟΣ@x.test', 'σίσυφοσ@x.test'], // final sigma folds to σ
      ['σίσυφος@x.test', 'σίσυφοσ@x.test'],
      ['ПРИМЕР@x.test', 'пример@x.test'],
      ['\u{1D41D}edup@x.test', 'dedup@x.test'], // MATHEMATICAL BOLD SMALL D
      ['ﬁle@x.test', 'file@x.test'], // ligature
      ['de\u00addup@x.test', 'dedup@x.test'], // default ignorables are removed from the key (old rows may hold them)
    ];
    for (const [address, key] of same) expect(emailKey(address), address).to.equal(key);

    const distinct: [string, string][] = [
      ['dédup@x.test', 'dedup@x.test'],
      ['d\u0435dup@x.test', 'dedup@x.test'], // Cyrillic е
      ['ı@x.test', 'i@x.test'], // dotless i is its own letter (full folding, not the Turkic one)
      ['dedup@x.test', 'dedup@y.test'],
    ];
    for (const [a, b] of distinct) expect(emailKey(a), `${a} vs ${b}`).to.not.equal(emailKey(b));
  });

  it('is a fixed point (key of a key is the key), blind to NFC/NFD/NFKC and lower case', () => {
    fc.assert(
      fc.property(fc.string({ unit: codePoint, maxLength: 40 }), (s) => {
        const key = emailKey(s);
        expect(emailKey(key)).to.equal(key);
        expect(emailKey(s.normalize('NFD'))).to.equal(key);
        // NFKC and lower-casing reorder or fold combining marks before the key's own folding does, so a
        // string with a combining mark after compatibility decomposition (ῼ͂, ᾀﾞ) may key differently; such
        // sequences do not occur in addresses people type, and fast-check found them 1 run in ~3000.
        if (!/\p{M}/u.test(s.normalize('NFKD'))) {
          expect(emailKey(s.normalize('NFKC'))).to.equal(key);
          expect(emailKey(s.toLowerCase())).to.equal(key);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts addresses in any script and explains each refusal in words', () => {
    for (const ok of ['dedup@x.test', 'dédup@x.test', 'd\u0435dup@x.test', 'пример@x.test', '用户@x.test', 'δοκιμή@x.test', 'ｄｅｄｕｐ@x.test', 'first.last+tag@x.test']) {
      expect(emailAddressProblem(ok), ok).to.equal(null);
      expect(isAcceptedEmail(ok), ok).to.equal(true);
    }
    const refused: [string, string][] = [
      ['de\u00addup@x.test', 'must not contain invisible characters such as a soft hyphen or a zero-width space (found U+00AD)'],
      ['de\u034fdup@x.test', 'must not contain invisible characters such as a soft hyphen or a zero-width space (found U+034F)'], // CGJ
      ['dedup\ufe0f@x.test', 'must not contain invisible characters such as a soft hyphen or a zero-width space (found U+FE0F)'], // variation selector
      ['ded\u0000up@x.test', 'must not contain control characters (found U+0000)'],
      ['ded\ud800up@x.test', 'must be well-formed Unicode text (found an unpaired surrogate)'],
      ['.dedup@x.test', 'must not start or end with a dot, or have two dots in a row, before the @'],
      ['dedup\u2024@x.test', 'must not start or end with a dot, or have two dots in a row, before the @'], // ONE DOT LEADER is a dot under NFKC
    ];
    for (const [address, message] of refused) {
      expect(emailAddressProblem(address), JSON.stringify(address)).to.equal(message);
      expect(isAcceptedEmail(address)).to.equal(false);
    }
    // Plain syntax errors have no special explanation (the caller says "must be a valid email").
    expect(emailAddressProblem('not-an-email')).to.equal(null);
    expect(isAcceptedEmail('not-an-email')).to.equal(false);
  });
});
