import { auditName, can, type Actor } from '../access/index';
import type { CaseListFilter } from './case-filter';
import type { SavedCaseView } from './saved-case-views.repository';

/** A view of the case list: one of the built-in ones, or a filter a member saved for the tenant. */
export interface CaseListView {
  /** `builtin:<key>` for the built-in views, the saved view's number otherwise. */
  id: string;
  name: string;
  builtIn: boolean;
  filter: CaseListFilter;
  /** Who saved it (audit name); null for the built-in views. */
  createdBy: string | null;
  createdAt: string | null;
  /** Whether the caller may delete it (its author, or an admin; never a built-in view). */
  viewerCanDelete: boolean;
}

/** Open statuses: everything but approved and declined. */
const OPEN = ['in_progress', 'in_review', 'pending_senior', 'returned'] as const;

/**
 * The built-in views, before the saved ones: the caller's open cases, the cases waiting for an analyst's
 * decision (in review, or returned from senior review), open cases nobody owns, and open cases whose SLA
 * is breached (src/sla).
 */
export const BUILT_IN_CASE_VIEWS: readonly CaseListView[] = [
  { id: 'builtin:mine', name: 'Mine', filter: { statuses: [...OPEN].sort(), assignee: 'me' } },
  { id: 'builtin:needs_decision', name: 'Needs a decision', filter: { statuses: ['in_review', 'returned'] } },
  { id: 'builtin:unassigned', name: 'Unassigned', filter: { statuses: [...OPEN].sort(), assignee: 'nobody' } },
  { id: 'builtin:breaching_sla', name: 'Breaching SLA', filter: { statuses: [...OPEN].sort(), slaStates: ['breached'] } },
].map((v) => ({ ...v, builtIn: true, createdBy: null, createdAt: null, viewerCanDelete: false })) as CaseListView[];

/** Whether the actor may delete a saved view: its author (by member id, else audit name) or an admin. */
export function mayDeleteSavedView(actor: Actor, view: SavedCaseView): boolean {
  if (can(actor, 'case_views:delete_any')) return true;
  if (!can(actor, 'case_views:save')) return false;
  const memberId = actor.kind === 'member' ? actor.memberId : null;
  return memberId !== null ? view.createdByMemberId === memberId : view.createdBy === auditName(actor);
}

export function savedCaseListView(actor: Actor, view: SavedCaseView): CaseListView {
  return {
    id: String(view.id), name: view.name, builtIn: false, filter: view.filter,
    createdBy: view.createdBy, createdAt: view.createdAt, viewerCanDelete: mayDeleteSavedView(actor, view),
  };
}
