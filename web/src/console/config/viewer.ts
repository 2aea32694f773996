// Who is looking at the Compliance Configuration pages: the member (id, role) and the organisation's
// switches. Loaded once by the settings layout and handed to each page (react-router's outlet context),
// so each page can hide the controls the member's role may not use. The server checks the role anyway.
import { useOutletContext } from 'react-router';
import { graphql } from '../../gql';
import type { Role, SettingsViewerQuery as SettingsViewerResult } from '../../gql/graphql';

export const SettingsViewer = graphql(`
  query SettingsViewer {
    me {
      id
      email
      name
      role
      org {
        id
        name
        fourEyes
        fullParityEntitled
        fullParityEnabled
      }
    }
  }
`);

export type Viewer = SettingsViewerResult['me'];
export type Org = Viewer['org'];

/** decisions.md "Roles": each role includes the ones before it. */
const RANK: Record<Role, number> = { analyst: 0, mlro: 1, compliance_admin: 2, admin: 3 };

export function roleAtLeast(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed];
}

export const ROLE_NAMES: Record<Role, string> = {
  analyst: 'Analyst',
  mlro: 'MLRO',
  compliance_admin: 'Compliance admin',
  admin: 'Admin',
};

export interface SettingsContext {
  viewer: Viewer;
  /** Replaces the organisation's switches after a change (the mutations answer the new Organisation). */
  setOrg(org: Org): void;
}

export function useSettings(): SettingsContext {
  return useOutletContext<SettingsContext>();
}
