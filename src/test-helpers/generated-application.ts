import { createHash } from 'node:crypto';
import countries from 'i18n-iso-countries';
import { countryCodeOf } from '../countries';
import type { PassportHolder } from './generated-documents';
import type { TestParty, TestSubmitBody } from './test-helpers.wire';

/** Clearly made-up people: no watchlist lists a Testwell (a screening hit is the screening_hit helper's to make). */
const GIVEN_NAMES = ['Avery', 'Jordan', 'Riley', 'Casey', 'Morgan', 'Quinn'];
const SURNAME = 'Testwell';

/** One person of a generated application, with what their passport would say. */
export interface GeneratedPerson {
  name: string;
  email: string;
  roles: ('director' | 'ubo')[];
  ownershipPercent: number | null;
  nationality: string;
  dateOfBirth: string;
  passport: PassportHolder;
}

export interface GeneratedApplication {
  /** The portal's application draft (application.save's input). */
  draft: Record<string, unknown>;
  company: { name: string; registrationNumber: string; incorporationDate: string };
  people: GeneratedPerson[];
}

/** Digits derived from the case id: a case's generated data is the same on every call. */
const digits = (seed: string, n: number) => BigInt(`0x${createHash('sha256').update(seed).digest('hex')}`).toString().slice(0, n).padStart(n, '0');

const splitName = (name: string) => {
  const words = name.trim().split(/\s+/);
  return { givenNames: words.length > 1 ? words.slice(0, -1).join(' ') : words[0]!, surname: words.length > 1 ? words[words.length - 1]! : words[0]! };
};

/**
 * The application a customer would fill in for a case, generated: the company as the case names it (its
 * country when the case gives one), a registration number, and its people (`parties`: how many, or which),
 * each with an email address for their identity-verification link and a date of birth. The first person owns
 * the company unless the parties say otherwise; UBO shares are even. Only example.com addresses are made up.
 */
export function generateApplication(c: { caseId: string; companyName: string | null; country: string | null }, parties: TestSubmitBody['parties'], today: string): GeneratedApplication {
  const specs: TestParty[] = typeof parties === 'object' ? parties : Array.from({ length: parties ?? 1 }, (_, i) => ({ name: `${GIVEN_NAMES[i]} ${SURNAME}` }));
  const withRoles = specs.map((p, i) => ({ ...p, roles: p.roles ?? (i === 0 ? ['director', 'ubo'] : ['director']) as ('director' | 'ubo')[] }));
  const ubos = withRoles.filter((p) => p.roles.includes('ubo'));
  const share = ubos.length ? Math.floor(100 / ubos.length) : null;
  const expiry = `${Number(today.slice(0, 4)) + 8}${today.slice(4, 10)}`;
  const people: GeneratedPerson[] = withRoles.map((p, i) => {
    const nationality = p.nationality ?? 'GB';
    const dateOfBirth = p.dateOfBirth ?? `19${70 + i * 3}-0${(i % 9) + 1}-1${i % 10}`;
    const { givenNames, surname } = splitName(p.name);
    const local = p.name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, '.').replace(/^\.|\.$/g, '') || `person${i + 1}`;
    return {
      name: p.name.trim(), email: p.email ?? `${local}@example.com`, roles: p.roles, nationality, dateOfBirth,
      ownershipPercent: p.roles.includes('ubo') ? (p.ownershipPercent ?? share) : null,
      passport: {
        surname, givenNames, nationality: countries.alpha2ToAlpha3(nationality) ?? 'GBR', documentNumber: `T${digits(`${c.caseId}:${i}`, 8)}`, dateOfBirth, expiryDate: expiry,
      },
    };
  });
  const company = {
    name: c.companyName?.trim() || 'Testwell Trading Ltd',
    registrationNumber: digits(c.caseId, 8),
    incorporationDate: '2016-05-12',
  };
  const country = countryCodeOf(c.country);
  const owner = (p: GeneratedPerson) => ({ name: p.name, email: p.email, nationality: p.nationality, dateOfBirth: p.dateOfBirth, countryOfResidence: 'GB' });
  const draft = {
    companyProfile: {
      companyName: company.name, registrationNumber: company.registrationNumber, country: country && /^[A-Z]{2}$/.test(country) ? country : 'GB',
      entityType: 'Private limited company', incorporationDate: company.incorporationDate, registeredAddress: '1 Test Street, London EC1A 1AA',
      businessActivity: 'Wholesale of office supplies (test data)', sourceOfFunds: 'Trading revenue', website: 'https://example.com',
      transactsInternationally: false, internationalCountries: [],
    },
    ownership: {
      hasUbos: people.some((p) => p.roles.includes('ubo')),
      directors: people.filter((p) => p.roles.includes('director')).map((p) => ({ ...owner(p), roles: ['director'] })),
      ubos: people.filter((p) => p.roles.includes('ubo')).map((p) => ({ ...owner(p), ownershipPercent: p.ownershipPercent })),
    },
  };
  return { draft, company, people };
}
