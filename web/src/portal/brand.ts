// Tenant branding: the brand colour (a #rrggbb the server has checked, portal.session's tenant.brandColor)
// becomes CSS custom properties set through the CSSOM (element.style.setProperty), which the page's CSP
// allows; a style attribute in markup would not be. The text drawn on the brand colour is white or near
// black, whichever contrasts more, so it stays readable (WCAG AA) whatever the tenant picked.

const DARK_TEXT = '#111418';
const LIGHT_TEXT = '#ffffff';

function channel(v: number): number {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a #rrggbb colour (WCAG 2). */
export function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** Contrast ratio of two luminances (1 to 21). */
export const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The brand colour (or the default when it is not #rrggbb) and the text colour to draw on it. */
export function brandColours(color: string | null | undefined): { brand: string; onBrand: string } {
  const brand = color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : '#1d4ed8';
  const l = luminance(brand);
  return { brand, onBrand: contrast(l, luminance(LIGHT_TEXT)) >= contrast(l, luminance(DARK_TEXT)) ? LIGHT_TEXT : DARK_TEXT };
}

/** Sets --brand and --on-brand on an element (CSSOM, allowed by the CSP). */
export function applyBrand(el: HTMLElement, color: string | null | undefined): void {
  const { brand, onBrand } = brandColours(color);
  el.style.setProperty('--brand', brand);
  el.style.setProperty('--on-brand', onBrand);
}
