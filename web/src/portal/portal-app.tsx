import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../ui/not-found';
import { CompanyPage } from './company-page';
import { DocumentsPage } from './documents-page';
import { EvidencePage } from './evidence-page';
import { PortalHomePage } from './home-page';
import { IntakePage } from './intake-page';
import { PortalLayout } from './layout';
import { NewLinkPage } from './new-link';
import { OwnershipPage } from './ownership-page';
import { ReviewPage } from './review-page';
import { AREA } from './session';
import { StatusPage } from './status-page';
import { SubmitPage } from './submit-page';
import { VerifyPage } from './verify-page';

/** The customer portal's pages under /portal/app: the public new-link page, and the signed-in stepper. */
export { VerifyPage };

export function PortalApp() {
  return (
    <Routes>
      <Route path="new-link" element={<NewLinkPage />} />
      <Route path="apply/:slug" element={<IntakePage />} />
      <Route element={<PortalLayout />}>
        <Route index element={<PortalHomePage />} />
        <Route path="company" element={<CompanyPage />} />
        <Route path="ownership" element={<OwnershipPage />} />
        <Route path="documents" element={<DocumentsPage />} />
        <Route path="review" element={<ReviewPage />} />
        <Route path="submit" element={<SubmitPage />} />
        <Route path="status" element={<StatusPage />} />
        <Route path="evidence" element={<EvidencePage />} />
        <Route path="*" element={<NotFoundPage area={AREA} home="/portal/app" />} />
      </Route>
    </Routes>
  );
}
