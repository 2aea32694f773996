// Compliance Configuration (/console/settings/*): its own routes, a sub-navigation, and the signed-in
// member (organisation switches and what they may change, from session.ts's store) handed to every page.
import { Link } from 'react-aria-components';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { NotFoundPage } from '../../ui/not-found';
import { Loading } from '../../ui/status';
import { setViewerOrg, useViewer, type Viewer } from '../session';
import { AuditLogPage } from './audit-log-page';
import { ClearedHitsPage } from './cleared-hits-page';
import { ConnectedAppsPage } from './connected-apps-page';
import { CredentialsPage } from './credentials-page';
import { DataSubjectsPage } from './data-subjects-page';
import { DecisionPolicyPage } from './decision-policy-page';
import { DeliveriesPage } from './deliveries-page';
import { MembersPage } from './members-page';
import { OrganisationPage } from './organisation-page';
import { PublicIntakePage } from './public-intake-page';
import { RetentionPage } from './retention-page';
import { RiskModelPage } from './risk-model-page';
import { ScreeningSettingsPage } from './screening-settings-page';
import { SlaPolicyPage } from './sla-policy-page';
import type { SettingsContext } from './viewer';
import { WebhooksPage } from './webhooks-page';

const SECTIONS = [
  { path: 'webhooks', label: 'Webhooks' },
  { path: 'deliveries', label: 'Recent deliveries' },
  { path: 'credentials', label: 'API credentials' },
  { path: 'connected-apps', label: 'Connected apps' },
  { path: 'organisation', label: 'Organisation' },
  { path: 'intake', label: 'Public intake link' },
  { path: 'screening', label: 'Screening' },
  { path: 'cleared-hits', label: 'Cleared hits' },
  { path: 'risk-model', label: 'Risk model' },
  { path: 'decision-policy', label: 'Decision policy' },
  { path: 'sla', label: 'SLAs' },
  { path: 'retention', label: 'Retention' },
  { path: 'data-subjects', label: 'Data subjects', can: 'manageSubjectRequests' as const },
  { path: 'members', label: 'Members' },
  { path: 'audit-log', label: 'Audit log', can: 'readAuditLog' as const },
];

function SettingsLayout() {
  // RequireMember has loaded the member; null only for the moment a signed-out member is sent to sign in.
  const viewer = useViewer();
  if (!viewer) return <Loading label="Loading your settings…" />;
  return <SettingsFrame viewer={viewer} />;
}

function SettingsFrame({ viewer }: { viewer: Viewer }) {
  const location = useLocation();
  const context: SettingsContext = { viewer, setOrg: setViewerOrg };
  return (
    <div className="settings">
      <nav aria-label="Compliance configuration" className="subnav">
        <ul>
          {SECTIONS.filter((s) => !s.can || viewer.viewerCan[s.can]).map((s) => {
            const href = `/console/settings/${s.path}`;
            const current = location.pathname === href;
            return (
              <li key={s.path}>
                <Link href={href} aria-current={current ? 'page' : undefined} className={current ? 'subnav-current' : undefined}>{s.label}</Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Outlet context={context} />
    </div>
  );
}

/** The routes under /console/settings (mounted by app.tsx as `settings/*`, inside RequireMember). */
export function SettingsRoutes() {
  return (
    <Routes>
      <Route element={<SettingsLayout />}>
        <Route index element={<Navigate to="/console/settings/webhooks" replace />} />
        <Route path="webhooks" element={<WebhooksPage />} />
        <Route path="deliveries" element={<DeliveriesPage />} />
        <Route path="credentials" element={<CredentialsPage />} />
        <Route path="connected-apps" element={<ConnectedAppsPage />} />
        <Route path="organisation" element={<OrganisationPage />} />
        <Route path="intake" element={<PublicIntakePage />} />
        <Route path="screening" element={<ScreeningSettingsPage />} />
        <Route path="cleared-hits" element={<ClearedHitsPage />} />
        <Route path="risk-model" element={<RiskModelPage />} />
        <Route path="decision-policy" element={<DecisionPolicyPage />} />
        <Route path="sla" element={<SlaPolicyPage />} />
        <Route path="retention" element={<RetentionPage />} />
        <Route path="data-subjects" element={<DataSubjectsPage />} />
        <Route path="members" element={<MembersPage />} />
        <Route path="audit-log" element={<AuditLogPage />} />
        <Route path="*" element={<NotFoundPage area="Compliance configuration" home="/console/settings" />} />
      </Route>
    </Routes>
  );
}
