import { Link } from 'react-aria-components';
import { Page } from './page';

export function NotFoundPage({ area, home }: { area: string; home: string }) {
  return (
    <Page title="Page not found" area={area}>
      <p>There is nothing at this address.</p>
      <p><Link href={home}>Go to the start page</Link></p>
    </Page>
  );
}
