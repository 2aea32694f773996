import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { trpc } from '../lib/trpc';
import { useRequest } from '../lib/use-request';
import { applyBrand } from './brand';
import type { PortalSession } from './session';

/**
 * The portal's frame with the tenant's branding (name, logo, and the brand colour set as CSS custom
 * properties through the CSSOM), the skip link and the page.
 */
export function PortalFrame({ brand, children }: { brand?: PortalSession['tenant']; children: ReactNode }) {
  const shell = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (shell.current) applyBrand(shell.current, brand?.brandColor);
  }, [brand?.brandColor]);
  return (
    <div className="shell portal" ref={shell}>
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="portal-header">
        {brand?.logoUrl ? <img className="portal-logo" src={brand.logoUrl} alt="" /> : null}
        <span className="portal-brand" data-testid="tenant-name">{brand?.name ?? 'Onboarding'}</span>
      </header>
      <main id="main" className="main portal-main">{children}</main>
    </div>
  );
}

const noBrand = () => Promise.resolve(null);

/** The tenant's branding for an old link's token (portal.linkBranding), or what the page already knows. */
export function useLinkBranding(token: string | null, known?: PortalSession['tenant']): PortalSession['tenant'] | undefined {
  const load = known || !token ? noBrand : () => trpc.portal.linkBranding.query({ token });
  const brand = useRequest(load, `link-branding:${known ? 'known' : (token ?? '')}`);
  return known ?? (brand.status === 'done' && brand.data ? brand.data : undefined);
}

