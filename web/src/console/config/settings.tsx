// Compliance Configuration (/console/settings/*): its own routes, a sub-navigation, and the signed-in
// member (role and organisation switches) loaded once for every page.
import { useState } from 'react';
import { Link } from 'react-aria-components';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { execute } from '../../lib/graphql';
import { useRequest } from '../../lib/use-request';
import { NotFoundPage } from '../../ui/not-found';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { AuditLogPage } from './audit-log-page';
import { ConnectedAppsPage } from './connected-apps-page';
import { CredentialsPage } from './credentials-page';
import { DeliveriesPage } from './deliveries-page';
import { MembersPage } from './members-page';
import { OrganisationPage } from './organisation-page';
import { roleAtLeast, SettingsViewer, type Org, type SettingsContext, type Viewer } from './viewer';
import { WebhooksPage } from './webhooks-page';

const load = () => execute(SettingsViewer);

const SECTIONS = [
  { path: 'webhooks', label: 'Webhooks' },
  { path: 'deliveries', label: 'Recent deliveries' },
  { path: 'credentials', label: 'API credentials' },
  { path: 'connected-apps', label: 'Connected apps' },
  { path: 'organisation', label: 'Organisation' },
  { path: 'members', label: 'Members' },
  { path: 'audit-log', label: 'Audit log', role: 'compliance_admin' as const },
];

function SettingsLayout() {
  const viewer = useRequest(load, 'settings-viewer', useSignInOnUnauthenticated());
  if (viewer.status === 'loading') return <Loading label="Loading your settings…" />;
  if (viewer.status === 'error') return <ErrorNotice error={viewer.error} onRetry={viewer.reload} />;
  return <SettingsFrame viewer={viewer.data.me} />;
}

function SettingsFrame({ viewer }: { viewer: Viewer }) {
  const location = useLocation();
  const [org, setOrg] = useState<Org>(viewer.org);
  const context: SettingsContext = { viewer: { ...viewer, org }, setOrg };
  return (
    <div className="settings">
      <nav aria-label="Compliance configuration" className="subnav">
        <ul>
          {SECTIONS.filter((s) => !s.role || roleAtLeast(viewer.role, s.role)).map((s) => {
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
        <Route path="members" element={<MembersPage />} />
        <Route path="audit-log" element={<AuditLogPage />} />
        <Route path="*" element={<NotFoundPage area="Compliance configuration" home="/console/settings" />} />
      </Route>
    </Routes>
  );
}
