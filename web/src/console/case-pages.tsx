import { Link } from 'react-aria-components';
import { useParams } from 'react-router';
import { Page } from '../ui/page';

/** The cases list (filters, keyset paging and the API badge come with the console API's `cases` query). */
export function CasesPage() {
  return (
    <Page title="Cases" area="Compliance console">
      <p className="empty">The case list opens here once the console API is in place.</p>
    </Page>
  );
}

/** One case: where the contract's analystUrl ({APP_URL}/cases?case=<id>) lands. */
export function CasePage() {
  const { caseId = '' } = useParams();
  return (
    <Page title={`Case ${caseId}`} area="Compliance console">
      <p className="empty">The case's details open here once the console API is in place.</p>
      <p><Link href="/console/cases">All cases</Link></p>
    </Page>
  );
}
