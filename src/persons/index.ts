export { linkPerson } from './link-person';
export { unlinkPerson } from './unlink-person';
export { markPersonNew } from './mark-person-new';
export { attachPersonDocument } from './attach-person-document';
export { listPersons } from './list-persons';
export { getPerson } from './get-person';
export { listCasePeople } from './list-case-people';
export { findReusableIdDocument, type RegistryIdDocument } from './find-reusable-id-document';
export { getPersonReuseWindow, DEFAULT_REUSE_WINDOW_DAYS } from './get-person-reuse-window';
export { setPersonReuseWindow, MAX_REUSE_WINDOW_DAYS } from './set-person-reuse-window';
export type {
  PersonView, PersonDetailView, PersonCaseView, PersonDocumentView, CasePersonView, PersonProposalView, IdDocumentView,
} from './person-views';
