// The portal home written by the server: a link's home page comes with the booking on it (the portal's
// own components, rendered by its server build, `@pms/portal/ssr`) and with its data for the browser to
// take over, so that a guest's phone paints the booking without waiting for a script and four calls.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  portalLanguageCookie,
  portalLanguages,
  type TPortalHomeData,
  type TPortalLanguage,
  type TRenderPortalHome,
} from '@pms/contract';
import {
  brandStyle,
  browserLanguage,
  pageScriptSources,
  withInlineAssets,
  withStyleNonce,
} from './written-page.ts';

/** The guest's language: the one they chose (its cookie), else the browser's, else German. */
export function portalLanguageOf(request: FastifyRequest): TPortalLanguage {
  const chosen = request.cookies[portalLanguageCookie];
  if (portalLanguages.includes(chosen as TPortalLanguage)) return chosen as TPortalLanguage;
  return browserLanguage(request, portalLanguages);
}

const homeMarkup = /\s*<!--portal-home-->[\s\S]*<!--\/portal-home-->\s*/;

/** A written home, the nonce of its style elements and the policy's sources of its script. */
export type TPortalHomePage = { html: string; styleNonce: string; scriptSources: string[] };

/** The portal's server renderer, or null when the portal's server build is missing. */
async function loadRenderer(): Promise<TRenderPortalHome | null> {
  try {
    return (await import('@pms/portal/ssr')).renderPortalHome;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  }
}

/** JSON inside a `<script>` element: no `<` may end it early (`</script>`) or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** portal-home.html with a home written into it. */
export class PortalHomeWriter {
  private readonly template: string;
  private readonly render: TRenderPortalHome;
  /** The hashes of the page's own script (after-paint.ts, written into it by the build). */
  private readonly scriptSources: string[];

  private constructor(template: string, render: TRenderPortalHome) {
    this.template = template;
    this.render = render;
    this.scriptSources = pageScriptSources(template);
  }

  /**
   * The writer of a built web app: the portal's portal-home.html in it and the portal's server renderer
   * (`@pms/portal/ssr`), or null when either is not built (the page then loads the home itself).
   */
  static async load(webDist: string): Promise<PortalHomeWriter | null> {
    const page = path.join(webDist, 'portal-home.html');
    if (!existsSync(page)) return null;
    const template = readFileSync(page, 'utf8');
    if (!homeMarkup.test(template)) throw new Error(`${page} has no <!--portal-home--> markup to replace`);
    const renderPortalHome = await loadRenderer();
    if (!renderPortalHome) return null;
    return new PortalHomeWriter(withInlineAssets(template, webDist), renderPortalHome);
  }

  /**
   * The page with the home at `pathname`: its markup in `#root`, its data for the browser, its language,
   * and the property's brand colours as a style element (allowed by the returned nonce).
   */
  write(home: TPortalHomeData, pathname: string): TPortalHomePage {
    const markup = this.render(home, pathname);
    // Functions as replacements: the texts are inserted as they are, `$` included.
    const { html: page, styleNonce } = withStyleNonce(
      this.template
        .replace('<html lang="de">', () => `<html lang="${home.language}">`)
        .replace('</head>', () => `${brandStyle(home.property.branding.primaryColor)}</head>`),
    );
    const html = page
      .replace(homeMarkup, () => markup)
      .replace(
        '</body>',
        () => `<script type="application/json" id="portal-home">${scriptJson(home)}</script></body>`,
      );
    return { html, styleNonce, scriptSources: this.scriptSources };
  }
}
