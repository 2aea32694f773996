// Words for the application's fields, and where each lives in the stepper: the submit page's list of what
// is missing, and the forms' error summaries, name fields in these words and link to them.
import { sentence } from './fields';

export const COMPANY_LABELS: Record<string, string> = {
  companyName: 'Company name',
  registrationNumber: 'Registration number',
  country: 'Country of incorporation',
  entityType: 'Entity type',
  incorporationDate: 'Date of incorporation',
  registeredAddress: 'Registered address',
  taxId: 'Tax ID',
  vatNumber: 'VAT number',
  businessActivity: 'Business activity',
  industrySector: 'Industry sector',
  annualRevenue: 'Annual revenue',
  website: 'Website',
  sourceOfFunds: 'Source of funds',
  transactsInternationally: 'The company transacts internationally',
  internationalCountries: 'Countries the company transacts with',
};

export const PERSON_LABELS: Record<string, string> = {
  name: 'Full name',
  email: 'Email',
  roles: 'Roles',
  ownershipPercent: 'Ownership (%)',
  nationality: 'Nationality',
  dateOfBirth: 'Date of birth',
  idNumber: 'ID number',
  idCountry: 'ID issuing country',
  countryOfResidence: 'Country of residence',
};

export interface Located {
  /** The page's path and the field's element id (`#field-…`). */
  href: string;
  /** The field's name on its page (what `focusField` takes). */
  name: string;
  /** "Director 1: Date of birth: is required to submit." */
  label: string;
}

/** Where an application path (`companyProfile.x`, `ownership.directors.0.x`, `documents` ...) lives, in words. */
export function locate(path: string, message: string): Located {
  const p = path.replace(/^\//, '').replace(/\//g, '.');
  const words = sentence(message);
  let m = /^companyProfile\.(\w+)/.exec(p);
  if (m) return at('/portal/app/company', m[1]!, `${COMPANY_LABELS[m[1]!] ?? m[1]}: ${words}`);
  m = /^ownership\.(directors|ubos)\.(\d+)\.(\w+)/.exec(p);
  if (m) {
    const who = `${m[1] === 'directors' ? 'Director' : 'Owner'} ${Number(m[2]) + 1}`;
    return at('/portal/app/ownership', `${m[1]}.${m[2]}.${m[3]}`, `${who}, ${PERSON_LABELS[m[3]!] ?? m[3]}: ${words}`);
  }
  m = /^ownership\.(directors|ubos|hasUbos)$/.exec(p);
  if (m) {
    const what = { directors: 'Directors', ubos: 'Owners (UBOs)', hasUbos: 'Owners of 25% or more' }[m[1] as 'directors'];
    return at('/portal/app/ownership', m[1]!, `${what}: ${words}`);
  }
  if (p === 'documents') return at('/portal/app/documents', 'documents', `Documents: ${words}`);
  if (p === 'review') return at('/portal/app/review', 'review', `Review: ${words}`);
  return at('/portal/app/company', p, words);
}

function at(page: string, name: string, label: string): Located {
  return { href: `${page}#field-${name.replace(/\./g, '-')}`, name, label };
}
