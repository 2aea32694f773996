// Case notes: markdown notes on a case, rendered without raw HTML, edited by their author only with every
// version kept (never deleted: a compliance record), mentions of members (`@email`) notified through
// src/notifications. Owns the case_notes and case_note_versions tables; reads cases and members through
// their owners' indexes.
export { addCaseNote } from './add-case-note';
export { editCaseNote } from './edit-case-note';
export { listCaseNotes } from './list-case-notes';
export { listCaseNoteVersions, type CaseNoteVersionView } from './list-case-note-versions';
export { type CaseNoteView, type NoteMemberView } from './case-note-view';
export { NOTE_BODY_MAX, renderNoteBody, mentionedEmails } from './note-body';
