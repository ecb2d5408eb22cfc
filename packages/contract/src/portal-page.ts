// The portal page as the server writes it: its languages, the cookie that keeps the guest's choice,
// and the home's data in the page. Free of schemas, so the portal's first script stays small.
import type { TAccessPoint } from './doors.ts';
import type {
  TPortalBooking,
  TPortalBookingMetadata,
  TPortalGeneralSettings,
  TPortalProperty,
} from './portal.ts';

/**
 * Whether a link staff give the guests (the property's info page) may be written into the portal: an
 * https address, or an http one where `allowHttp` (a server not in production). `javascript:`, `data:`
 * and every other scheme never are.
 */
export function isGuestLinkUrl(value: string, options: { allowHttp: boolean }): boolean {
  // Only a value that starts with the scheme itself: a browser reads ` java\tscript:` as javascript: too.
  return options.allowHttp ? /^https?:/i.test(value) : /^https:/i.test(value);
}

/** The languages the portal speaks; German is the fallback. */
export const portalLanguages = ['de', 'en'] as const;
export type TPortalLanguage = (typeof portalLanguages)[number];
/** The cookie (and the browser's storage key) that keeps the language a guest chose. */
export const portalLanguageCookie = 'portal_language';

/**
 * The home as the server writes it into the page: the four reads of the first load, the doors when the
 * home lists them, and the language it is written in. The browser takes them over as they are.
 */
export type TPortalHomeData = {
  linkId: string;
  language: TPortalLanguage;
  property: TPortalProperty;
  booking: TPortalBooking;
  metadata: TPortalBookingMetadata;
  settings: TPortalGeneralSettings;
  accessPoints: TAccessPoint[] | null;
};

/** The portal's server renderer (`@pms/portal/ssr`): a home's markup for the page's `#root` at `path`. */
export type TRenderPortalHome = (home: TPortalHomeData, path: string) => string;

/**
 * A property's brand palette (`primaryColor`, JSON of shade to colour) as the page's primary colour
 * variables, `--color-primary-700` and so on; a malformed palette or entry gives none.
 */
export function brandVariables(primaryColor: string | null): [name: string, colour: string][] {
  if (!primaryColor) return [];
  let shades: unknown;
  try {
    shades = JSON.parse(primaryColor);
  } catch {
    return [];
  }
  if (typeof shades !== 'object' || shades === null) return [];
  return Object.entries(shades)
    .filter(
      (entry): entry is [string, string] =>
        /^\d{2,3}$/.test(entry[0]) && typeof entry[1] === 'string' && /^#[0-9a-fA-F]{6}$/.test(entry[1]),
    )
    .map(([shade, colour]) => [`--color-primary-${shade}`, colour]);
}

export type TPortalRoute = { linkId: string; screen: 'home' | 'checkIn' | 'invoices' | 'unknown' };

/** The link and the screen of a portal path: `/portal/:linkId`, `.../check-in`, `.../invoices`. */
export function parsePortalRoute(pathname: string): TPortalRoute {
  const match = /^\/portal\/([^/]+)(?:\/([^/]*))?\/?$/.exec(pathname);
  if (!match) return { linkId: '', screen: 'unknown' };
  let linkId: string;
  try {
    linkId = decodeURIComponent(match[1]!);
  } catch {
    return { linkId: '', screen: 'unknown' };
  }
  const child = match[2] ?? '';
  const screen =
    child === '' ? 'home' : child === 'check-in' ? 'checkIn' : child === 'invoices' ? 'invoices' : 'unknown';
  return { linkId, screen };
}
