import { declaredDocumentType } from '../documents/index';
import type { CaseDocument, CaseParty, Person, PersonDocument, PersonLink } from './persons.repository';

/** The shapes the registry hands to adapters (never a row). */

export interface PersonView {
  personId: number;
  displayName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  nationality: string | null;
  emails: string[];
  createdBy: string;
  createdAt: string;
}

export interface PersonCaseView {
  caseId: string;
  companyName: string | null;
  personKey: string;
  linkedBy: string;
  linkedAt: string;
  /** False once unlinked (the link is kept, soft-deleted). */
  active: boolean;
  unlinkedBy: string | null;
  unlinkedAt: string | null;
  unlinkReason: string | null;
}

export interface PersonDocumentView {
  documentId: number;
  caseId: string;
  /** `Passport` or `Government ID`. */
  documentType: string;
  filename: string;
  attachedBy: string;
  attachedAt: string;
  /** The document's expiry date (YYYY-MM-DD) when extraction read one. */
  validUntil: string | null;
}

export interface PersonDetailView extends PersonView {
  cases: PersonCaseView[];
  documents: PersonDocumentView[];
}

/** A party of a case (one human, by personKey, whatever their roles) with its registry state. */
export interface CasePersonView {
  personKey: string;
  name: string;
  email: string | null;
  roles: string[];
  dateOfBirth: string | null;
  nationality: string | null;
  /** The active link, or null. */
  link: { personId: number; displayName: string; linkedBy: string; linkedAt: string } | null;
  /** Persons the registry proposes for an unlinked party, best first (empty once linked). */
  proposals: PersonProposalView[];
}

export interface PersonProposalView {
  personId: number;
  displayName: string;
  dateOfBirth: string | null;
  nationality: string | null;
  /** 0..1: name similarity, raised by an equal date of birth. */
  score: number;
  sameBirthDate: boolean;
}

/** An accepted passport or ID document of a case, which an analyst may attach to a linked person. */
export interface IdDocumentView {
  documentId: number;
  documentType: string;
  filename: string;
}

/** Document statuses that count as accepted: extraction completed, or an analyst approved it by override. */
export const ACCEPTED_DOCUMENT_STATUSES = ['complete', 'approved'] as const;

/** `Passport` or `Government ID` for a passport or ID card document type (as extraction or an upload names it), else null. */
export function idDocumentType(documentType: string | null): 'Passport' | 'Government ID' | null {
  const t = declaredDocumentType(documentType);
  return t === 'passport' ? 'Passport' : t === 'id_card' ? 'Government ID' : null;
}

/** The expiry date extraction read from the document (YYYY-MM-DD), or null. */
export function expiryOf(extracted: Record<string, unknown> | string): string | null {
  const data = typeof extracted === 'string' ? (JSON.parse(extracted) as Record<string, unknown>) : extracted;
  const v = data?.expiryDate ?? data?.dateOfExpiry;
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
}

export function idDocumentView(d: CaseDocument): IdDocumentView | null {
  const type = idDocumentType(d.documentType);
  return type ? { documentId: d.id, documentType: type, filename: d.filename } : null;
}

export function personView(r: Person): PersonView {
  return {
    personId: r.id, displayName: r.displayName, dateOfBirth: r.dateOfBirth, nationality: r.nationality, emails: r.emails,
    createdBy: r.createdBy, createdAt: r.createdAt,
  };
}

export function personCaseView(l: PersonLink): PersonCaseView {
  return {
    caseId: l.caseId, companyName: l.companyName, personKey: l.personKey, linkedBy: l.linkedBy, linkedAt: l.linkedAt,
    active: l.unlinkedAt === null, unlinkedBy: l.unlinkedBy, unlinkedAt: l.unlinkedAt, unlinkReason: l.unlinkReason,
  };
}

export function personDocumentView(d: PersonDocument): PersonDocumentView {
  return {
    documentId: d.documentId, caseId: d.caseId, documentType: idDocumentType(d.documentType) ?? d.documentType ?? 'Other',
    filename: d.filename, attachedBy: d.attachedBy, attachedAt: d.attachedAt, validUntil: d.validUntil,
  };
}

/** One human of a case: the party rows sharing a personKey, merged (roles in order, the first row's details). */
export interface CaseHuman {
  personKey: string;
  name: string;
  email: string | null;
  roles: string[];
  dateOfBirth: string | null;
  nationality: string | null;
  idNumber: string | null;
  idCountry: string | null;
}

/** The humans of a case in party order (directors, then UBOs), one per personKey. */
export function humansOf(parties: CaseParty[]): CaseHuman[] {
  const byKey = new Map<string, CaseHuman>();
  for (const p of parties) {
    const roles = p.roles;
    const h = byKey.get(p.personKey);
    if (!h) {
      byKey.set(p.personKey, {
        personKey: p.personKey, name: p.name, email: p.email, roles: [...new Set(roles.length ? roles : [p.kind])], dateOfBirth: p.dateOfBirth,
        nationality: p.nationality, idNumber: p.idNumber, idCountry: p.idCountry,
      });
      continue;
    }
    for (const r of roles.length ? roles : [p.kind]) if (!h.roles.includes(r)) h.roles.push(r);
    h.email ??= p.email;
    h.dateOfBirth ??= p.dateOfBirth;
    h.nationality ??= p.nationality;
    if (!h.idNumber) {
      h.idNumber = p.idNumber;
      h.idCountry = p.idCountry;
    }
  }
  return [...byKey.values()];
}
