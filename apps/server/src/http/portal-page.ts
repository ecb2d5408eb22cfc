// The portal home written by the server: a link's home page comes with the booking on it (the portal's
// own components, rendered by its server build, `@pms/portal/ssr`) and with its data for the browser to
// take over, so that a guest's phone paints the booking without waiting for a script and four calls.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  brandVariables,
  portalLanguageCookie,
  portalLanguages,
  type TPortalHomeData,
  type TPortalLanguage,
  type TRenderPortalHome,
} from '@pms/contract';
import { browserLanguage, scriptJson } from './written-page.ts';

/** The guest's language: the one they chose (its cookie), else the browser's, else German. */
export function portalLanguageOf(request: FastifyRequest): TPortalLanguage {
  const chosen = request.cookies[portalLanguageCookie];
  if (portalLanguages.includes(chosen as TPortalLanguage)) return chosen as TPortalLanguage;
  return browserLanguage(request, portalLanguages);
}

const homeMarkup = /\s*<!--portal-home-->[\s\S]*<!--\/portal-home-->\s*/;

export type TPortalHomePage = { html: string; styleNonce: string };

/** A style element of the page, given the response's nonce as it is written. */
const styleStart = '<style data-nonce>';

const stylesheetLink = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The page's style sheets inside it: the home paints with the page alone, without another round trip
 * for its styles (a few kilobytes, as the page is compressed).
 */
function withInlineStyles(template: string, webDist: string): string {
  return template.replace(stylesheetLink, (link, href: string) => {
    const css = readFileSync(path.join(webDist, href), 'utf8');
    return css.includes('</') ? link : `${styleStart}${css}</style>`;
  });
}

/** The portal's server renderer, or null when the portal's server build is missing. */
async function loadRenderer(): Promise<TRenderPortalHome | null> {
  try {
    return (await import('@pms/portal/ssr')).renderPortalHome;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  }
}

/** portal-home.html with a home written into it. */
export class PortalHomeWriter {
  private readonly template: string;
  private readonly render: TRenderPortalHome;

  private constructor(template: string, render: TRenderPortalHome) {
    this.template = template;
    this.render = render;
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
    return new PortalHomeWriter(withInlineStyles(template, webDist), renderPortalHome);
  }

  /**
   * The page with the home at `pathname`: its markup in `#root`, its data for the browser, its language,
   * and the property's brand colours as a style element (allowed by the returned nonce).
   */
  write(home: TPortalHomeData, pathname: string): TPortalHomePage {
    const markup = this.render(home, pathname);
    const brand = brandVariables(home.property.branding.primaryColor);
    const styleNonce = randomBytes(16).toString('base64');
    const brandStyle =
      brand.length > 0
        ? `${styleStart}:root{${brand.map(([name, colour]) => `${name}:${colour}`).join(';')}}</style>`
        : '';
    // Functions as replacements: the texts are inserted as they are, `$` included.
    const html = this.template
      .replace('<html lang="de">', () => `<html lang="${home.language}">`)
      .replace('</head>', () => `${brandStyle}</head>`)
      .replaceAll(styleStart, () => `<style nonce="${styleNonce}">`)
      .replace(homeMarkup, () => markup)
      .replace(
        '</body>',
        () =>
          `<script type="application/json" id="portal-home">${scriptJson(JSON.stringify(home))}</script></body>`,
      );
    return { html, styleNonce };
  }
}
