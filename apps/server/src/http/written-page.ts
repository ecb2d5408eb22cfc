// What the pages the server writes (the portal home, the staff app's room plan) share: their style
// sheets inside them, allowed by a nonce of the answer; the property's brand colours; the browser's
// language.
import { randomBytes } from 'node:crypto';
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

/**
 * The page's style sheets inside it: the page paints with itself alone, without another round trip
 * for its styles (a few kilobytes, as the page is compressed).
 */
export function withInlineStyles(template: string, webDist: string): string {
  return template.replace(stylesheetLink, (link, href: string) => {
    const css = readFileSync(path.join(webDist, href), 'utf8');
    return css.includes('</') ? link : `${styleStart}${css}</style>`;
  });
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
