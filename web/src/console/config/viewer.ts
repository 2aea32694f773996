// Who is looking at the Compliance Configuration pages: the signed-in member of session.ts's store (loaded by
// RequireMember), handed by the settings layout to each page (react-router's outlet context), so each page can
// hide the controls the member's role may not use. The server checks the role anyway.
import { useOutletContext } from 'react-router';
import type { Org, Viewer } from '../session';

export interface SettingsContext {
  viewer: Viewer;
  /** Replaces the organisation's switches after a change (the mutations answer the new Organisation). */
  setOrg(org: Org): void;
}

export function useSettings(): SettingsContext {
  return useOutletContext<SettingsContext>();
}
