import { findDate } from './dates';
import { flat, labelled, labelledBlock, looksLikeLabel, textLines } from './text-lines';

/**
 * Field rules for company documents (certificates of incorporation, register extracts): labelled values
 * (`Company number: 01234567`) first, then the sentences certificates are written in ("I hereby certify
 * that ACME LIMITED is this day incorporated under the Companies Act 2006").
 */
export interface CompanyFields {
  companyName?: string;
  registrationNumber?: string;
  incorporationDate?: string;
  registeredAddress?: string;
  directors?: string[];
  jurisdiction?: string;
}

const NAME_LABELS = ['company name', 'name of company', 'name of the company', 'registered name', 'legal name', 'entity name', 'business name', 'firm name', 'name'];
const NUMBER_LABELS = [
  'company registration number', 'company number', 'company no.', 'company no', 'registration number', 'registration no.', 'registration no', 'registered number',
  'registered no.', 'reg. no.', 'reg no', 'commercial register number', 'register number', 'registry number', 'entity number', 'file number', 'crn',
];
const DATE_LABELS = ['date of incorporation', 'incorporation date', 'incorporated on', 'date of registration', 'registration date', 'registered on', 'date of formation', 'formation date'];
const ADDRESS_LABELS = ['registered office address', 'address of registered office', 'registered office', 'registered address', 'principal office', 'business address', 'address'];
const DIRECTOR_LABELS = ['directors', 'director(s)', 'board of directors', 'managing directors', 'officers', 'director', 'managing director'];
const JURISDICTION_LABELS = ['jurisdiction of incorporation', 'jurisdiction', 'country of incorporation', 'place of incorporation', 'state of incorporation', 'country of registration', 'registered in'];

const COMPANY_SUFFIX = /\b(limited|ltd\.?|plc|llc|l\.l\.c\.|inc\.?|incorporated|corp\.?|corporation|gmbh|ag|s\.?a\.?|s\.?a\.?s\.?|s\.?r\.?l\.?|b\.?v\.?|n\.?v\.?|oy|ab|as|a\/s|sp\. z o\.o\.|kft|llp|lp)$/i;

/** Reads what the rules find in a company document's text. */
export function readCompanyFields(text: string): CompanyFields {
  const lines = textLines(text);
  const all = flat(lines);
  const out: CompanyFields = {};

  const certified = /certif(?:y|ies)\s+that\s+(.{2,120}?)\s+(?:is|was|has\s+been)\s+(?:this\s+day\s+)?(?:duly\s+)?(?:incorporated|registered)/i.exec(all);
  const name = labelled(lines, NAME_LABELS)?.value ?? certified?.[1] ?? lines.find((l) => COMPANY_SUFFIX.test(l) && l.length <= 100 && !looksLikeLabel(l));
  if (name) out.companyName = clean(name);

  const number = labelled(lines, NUMBER_LABELS)?.value ?? /\bcompany\s+(?:no\.?|number)\s*[:.]?\s*([A-Z0-9][A-Z0-9 -]{3,20})/i.exec(all)?.[1];
  const reg = number ? /^[#:\s]*([A-Z]{0,4}[\s-]?\d[\dA-Z/-]{2,20}(?:\s\d{2,6})?)/i.exec(number.trim()) : null;
  if (reg) out.registrationNumber = reg[1]!.trim();

  const dateText = labelled(lines, DATE_LABELS)?.value
    ?? /incorporated\s+on\s+(?:the\s+)?(.{6,40})/i.exec(all)?.[1]
    ?? /\bgiven\s+(?:at|under)\s+.{0,80}?\bon\s+(?:the\s+)?(.{6,40})/i.exec(all)?.[1];
  const date = dateText ? findDate(dateText) : null;
  if (date) out.incorporationDate = date;

  const address = labelledBlock(lines, ADDRESS_LABELS);
  if (address) out.registeredAddress = clean(address);

  const directors = readDirectors(lines);
  if (directors.length) out.directors = directors;

  const jurisdiction = labelled(lines, JURISDICTION_LABELS)?.value
    ?? /incorporated\s+(?:under\s+the\s+laws\s+of|in)\s+(?:the\s+)?([A-Z][A-Za-z&' ]{1,60}?)(?=\s*(?:[,.;(]|\s+as\s|\s+on\s|\s+under\s|$))/.exec(all)?.[1]
    ?? /registered\s+office\s+is\s+(?:situated\s+)?in\s+([A-Z][A-Za-z&' ]{1,60}?)(?=\s*(?:[,.;]|$))/.exec(all)?.[1]
    ?? /\bregistered\s+in\s+([A-Z][A-Za-z&' ]{1,60}?)(?=\s*(?:[,.;]|\s+under\s|\s+with\s|$))/.exec(all)?.[1];
  if (jurisdiction) out.jurisdiction = clean(jurisdiction);
  return out;
}

/**
 * Directors: `Director: Jane Doe` lines, or a `Directors` heading followed by one name per line (bullets and
 * numbering dropped) or by a comma-separated list. Appointment details after the name are dropped.
 */
function readDirectors(lines: string[]): string[] {
  const names: string[] = [];
  const single = /^(?:director|managing director)\s*:\s*(.+)$/i;
  for (const l of lines) {
    const m = single.exec(l);
    if (m) names.push(personName(m[1]!));
  }
  if (names.length) return unique(names);
  const heading = labelled(lines, DIRECTOR_LABELS);
  if (!heading) return [];
  const first = heading.value;
  if (/[,;]/.test(first)) return unique(first.split(/[,;]| and /).map(personName));
  names.push(personName(first));
  for (let i = heading.line + 1; i < lines.length && names.length < 20; i++) {
    const l = lines[i]!;
    if (looksLikeLabel(l) || !/^(?:[-•*·–]\s*|\d+[.)]\s*)?[\p{Lu}]/u.test(l) || l.split(' ').length > 8) break;
    names.push(personName(l));
  }
  return unique(names);
}

function personName(s: string): string {
  return clean(s.replace(/^(?:[-•*·–]\s*|\d+[.)]\s*)/, '').replace(/\s*(?:\(|,\s*appointed|\s-\s|\s–\s).*$/i, ''));
}

function clean(s: string): string {
  return s.replace(/\s+/g, ' ').replace(/^[\s:,-]+|[\s,;:.]+$/g, '').trim();
}

function unique(xs: string[]): string[] {
  return [...new Set(xs.filter(Boolean))];
}
