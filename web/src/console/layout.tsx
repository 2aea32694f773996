import { Link } from 'react-aria-components';
import { Outlet } from 'react-router';
import { MemberMenu } from './member-menu';
import { useViewer } from './session';
import { StepUpDialog } from './step-up-dialog';
import { TestDataBanner, TestDataSwitch } from './test-data-switch';

/** The console's frame: skip link, header with navigation, the page, and a footer linking the service's index page. */
export function ConsoleLayout() {
  const viewer = useViewer();
  // Only while mail is kept (SMTP_URL unset, or test data shown), and only for those who may read it.
  const mail = viewer?.mailKeptLocally && viewer.viewerCan.readKeptMail;
  return (
    <div className="shell">
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="topbar">
        <Link className="brand" href="/console">Compliance console</Link>
        <nav aria-label="Console">
          <ul className="nav">
            <li><Link href="/console/cases">Cases</Link></li>
            <li><Link href="/console/queues">Queues</Link></li>
            <li><Link href="/console/dashboard">Dashboard</Link></li>
            <li><Link href="/console/persons">Persons</Link></li>
            <li><Link href="/console/reviews">Reviews</Link></li>
            <li><Link href="/console/screening">Screening</Link></li>
            <li><Link href="/console/settings">Settings</Link></li>
            {mail ? <li><Link href="/console/mail">Mail</Link></li> : null}
            <li><Link href="/console/status">Status</Link></li>
          </ul>
        </nav>
        <TestDataSwitch />
        <MemberMenu />
      </header>
      <TestDataBanner />
      <main id="main" className="main">
        <Outlet />
      </main>
      <StepUpDialog />
      <footer className="footer">
        {/* A server page, not a console route: a full page load. */}
        <a href="/about">About this service</a>
      </footer>
    </div>
  );
}
