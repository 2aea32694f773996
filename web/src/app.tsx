import { lazy, Suspense, type ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { BrowserRouter, Navigate, Route, Routes, useHref, useNavigate, type NavigateOptions } from 'react-router';
import { CaseImportPage, CasePage, CasesPage } from './console/case-pages';
import { SettingsRoutes } from './console/config/settings';
import { ConsoleLayout } from './console/layout';
import { AcceptInvitationPage, ForgotPasswordPage, ResetPasswordPage } from './console/password-pages';
import { RequireMember } from './console/require-member';
import { ReviewPage } from './console/reviews/review-page';
import { ReviewsPage } from './console/reviews/reviews-page';
import { QueuesPage } from './console/queues/queues-page';
import { SignInPage } from './console/sign-in-page';
import { SecurityPage } from './console/security-page';
import { StatusPage } from './console/status-page';
import { NotificationsPage } from './console/notifications/notifications-page';
import { PersonPage } from './console/persons/person-page';
import { PersonsPage } from './console/persons/persons-page';
import { KeptMailMessagePage, KeptMailPage } from './console/mail/mail-pages';
import { NotFoundPage } from './ui/not-found';
import { Loading } from './ui/status';
import { mayLeave } from './lib/leave-guard';

/** The customer portal's pages: a chunk of their own, loaded only under /portal/app. */
const PortalApp = lazy(() => import('./portal/portal-app').then((m) => ({ default: m.PortalApp })));
/** The dashboard, with its charting library: a chunk of its own, loaded only under /console/dashboard. */
const DashboardPage = lazy(() => import('./console/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
/** The screening search page: a chunk of its own, sharing the country names with the portal's. */
const ScreeningPage = lazy(() => import('./console/screening/screening-page').then((m) => ({ default: m.ScreeningPage })));
/** The hosted identity-verification page ({APP_URL}/portal/verify?token=…), in the portal's chunk. */
const VerifyPage = lazy(() => import('./portal/portal-app').then((m) => ({ default: m.VerifyPage })));

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** React Aria's links and buttons navigate through react-router (client-side, history kept), once a page with unsaved changes lets them (mayLeave). */
function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to, options) => (mayLeave() ? navigate(to, options) : undefined)} useHref={useHref}>
      {children}
    </RouterProvider>
  );
}

/** Every page of the app: the console under /console, the customer portal under /portal/app. */
export function App() {
  return (
    <BrowserRouter>
      <AriaRouter>
        <Routes>
          <Route path="/console" element={<ConsoleLayout />}>
            <Route path="sign-in" element={<SignInPage />} />
            <Route path="status" element={<StatusPage />} />
            <Route path="forgot-password" element={<ForgotPasswordPage />} />
            <Route path="reset-password" element={<ResetPasswordPage />} />
            <Route path="accept-invitation" element={<AcceptInvitationPage />} />
            <Route element={<RequireMember />}>
              <Route index element={<Navigate to="/console/cases" replace />} />
              <Route path="cases" element={<CasesPage />} />
              <Route path="cases/import" element={<CaseImportPage />} />
              <Route path="cases/:caseId" element={<CasePage />} />
              <Route path="queues" element={<QueuesPage />} />
              <Route path="dashboard" element={<Suspense fallback={<Loading />}><DashboardPage /></Suspense>} />
              <Route path="persons" element={<PersonsPage />} />
              <Route path="persons/:personId" element={<PersonPage />} />
              <Route path="reviews" element={<ReviewsPage />} />
              <Route path="reviews/:reviewId" element={<ReviewPage />} />
              <Route path="screening" element={<Suspense fallback={<Loading />}><ScreeningPage /></Suspense>} />
              <Route path="notifications" element={<NotificationsPage />} />
              <Route path="security" element={<SecurityPage />} />
              <Route path="mail" element={<KeptMailPage />} />
              <Route path="mail/:mailId" element={<KeptMailMessagePage />} />
              <Route path="settings/*" element={<SettingsRoutes />} />
              <Route path="*" element={<NotFoundPage area="Compliance console" home="/console" />} />
            </Route>
          </Route>
          <Route path="/portal/app/*" element={<Suspense fallback={<Loading />}><PortalApp /></Suspense>} />
          <Route path="/portal/verify" element={<Suspense fallback={<Loading />}><VerifyPage /></Suspense>} />
          <Route path="*" element={<Navigate to="/console" replace />} />
        </Routes>
      </AriaRouter>
    </BrowserRouter>
  );
}
