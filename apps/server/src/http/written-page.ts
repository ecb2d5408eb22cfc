// What the pages the server writes (the portal home, the staff app's room plan) share: their style
// sheets and icon inside them, the styles allowed by a nonce of the answer and scripts written into the
// page by their hashes; the property's brand colours; the browser's language.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { brandVariables } from '@pms/contract';

/** The browser's language among `supported` (its Accept-Language), else German, the first of them. */
export function browserLanguage<T extends string>(request: FastifyRequest, supported: readonly T[]): T {
  // A browser's `en-GB` is English and `de-CH` German: the negotiator matches languages by their prefix.
  const accepted = new Negotiator(request).language([...supported]);
  return (accepted as T | undefined) ?? supported[0]!;
}

/** A style element of a page, given the response's nonce as it is written (`withStyleNonce`). */
const styleStart = '<style data-nonce>';

const stylesheetLink = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;
const svgIconAddress = /(<link rel="icon" type="image\/svg\+xml" href=")(\/[^"]+\.svg)"/;
/** A script element with its code in the page (no `src`), and that code. */
const pageScript = /<script type="module"(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The page's style sheets and its icon inside it: the page paints with itself alone, without another
 * round trip for its styles (a few kilobytes, as the page is compressed), and asks for nothing else
 * before its first paint (the icon is a few hundred bytes).
 */
export function withInlineAssets(template: string, webDist: string): string {
  return template
    .replace(stylesheetLink, (link, href: string) => {
      const css = readFileSync(path.join(webDist, href), 'utf8');
      return css.includes('</') ? link : `${styleStart}${css}</style>`;
    })
    .replace(svgIconAddress, (_, start: string, href: string) => {
      const svg = readFileSync(path.join(webDist, href), 'utf8').trim();
      return `${start}data:image/svg+xml,${encodeURIComponent(svg)}"`;
    });
}

/**
 * The policy's sources for the scripts written into a page (`'sha256-…'`, each one's hash): the page's
 * own code runs, and no script an answer might carry inside it does.
 */
export function pageScriptSources(page: string): string[] {
  return [...page.matchAll(pageScript)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
  );
}

/** A property's brand colours (its `primaryColor` palette) as a style element of the page, if it has any. */
export function brandStyle(primaryColor: string | null): string {
  const brand = brandVariables(primaryColor);
  if (brand.length === 0) return '';
  return `${styleStart}:root{${brand.map(([name, colour]) => `${name}:${colour}`).join(';')}}</style>`;
}

/** The page's style elements allowed by a new nonce, which the answer's policy names. */
export function withStyleNonce(page: string): { html: string; styleNonce: string } {
  const styleNonce = randomBytes(16).toString('base64');
  return { html: page.replaceAll(styleStart, () => `<style nonce="${styleNonce}">`), styleNonce };
}
