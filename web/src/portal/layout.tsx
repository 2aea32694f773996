import { Outlet } from 'react-router';

/** The portal's frame (tenant branding, name, colour and logo, comes with `portal.session`). */
export function PortalLayout() {
  return (
    <div className="shell portal">
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="topbar">
        <span className="brand">Onboarding</span>
      </header>
      <main id="main" className="main">
        <Outlet />
      </main>
    </div>
  );
}
