import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The web app's policy: scripts, styles and fonts only from this origin (the built app has no inline
 * script or style element but on the pages the server writes, allowed there one by one; React's style
 * props go through the CSSOM, which CSP does not restrict), images also as data: and blob: urls
 * (previews of uploads, the written pages' icon), never inside a frame.
 */
const webAppDirectives = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
};

/**
 * The API docs (swagger-ui) are a page too, from the same origin and without inline script, but its
 * code applies inline styles when an operation opens: the one exception, on a page with no data.
 */
const apiDocsDirectives = { ...webAppDirectives, styleSrc: ["'self'", "'unsafe-inline'"] };

/** A policy as the header spells it: `default-src 'self'; script-src 'self'; ...`. */
function policyText(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) =>
      [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...values].join(' '),
    )
    .join('; ');
}

/**
 * The web app's policy for a page the server writes: its own style elements allowed by `styleNonce`
 * (the portal home with the property's brand colours), its own scripts by `scriptSources` (their
 * hashes: the portal home's), and with `hasStyleAttributes` the style attributes of written markup
 * (the room plan's bars are placed by them; an attribute cannot load a script, and images still come
 * from this origin only).
 */
export function webAppPolicy(
  isHttps: boolean,
  {
    styleNonce,
    scriptSources = [],
    hasStyleAttributes = false,
  }: { styleNonce?: string; scriptSources?: string[]; hasStyleAttributes?: boolean },
): string {
  return policyText({
    ...webAppDirectives,
    ...(styleNonce ? { styleSrc: [...webAppDirectives.styleSrc, `'nonce-${styleNonce}'`] } : {}),
    ...(scriptSources.length > 0 ? { scriptSrc: [...webAppDirectives.scriptSrc, ...scriptSources] } : {}),
    ...(hasStyleAttributes ? { styleSrcAttr: ["'unsafe-inline'"] } : {}),
    ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
  });
}

/** API answers are data, never a page: nothing in them may load or run when a browser opens one. */
const apiPolicy = "default-src 'none'; frame-ancestors 'none'";
/** A file's content (an upload, a PDF) opened in a tab is moreover a document of no origin. */
const filePolicy = `${apiPolicy}; sandbox`;

/**
 * Headers a browser reads only on a document it shows: of no use on an answer that is data, which
 * keeps the set OWASP names for REST answers (content type options, frame options, CSP, CORP, cache
 * control, HSTS) and the referrer policy. A file's content opened in a tab is a document: it has them.
 */
const documentOnlyHeaders = new Set([
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/** Answers under /api with nothing personal in them: they may be cached, and the docs are a page. */
const publicApiPaths = ['/api/version', '/api/health', '/api/openapi.json'];
const apiDocsPrefix = '/api/docs';

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * The headers helmet's middleware sets, taken once from a response it is applied to: they depend on
 * nothing in the request, and setting twelve of them one by one cost every answer its share of CPU.
 */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  middleware(request, response, () => undefined);
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

/**
 * Browser security headers on every answer (helmet): CSP, nosniff, frame and referrer policy, HSTS
 * when the public url is https. API answers get a stricter CSP, only the headers that apply to data
 * (see documentOnlyHeaders), and are never stored by a cache.
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const isHttps = publicUrl.startsWith('https:');
  const pageHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          ...webAppDirectives,
          // Only behind https: on plain http (a LAN address) it would send the app's own requests to https.
          upgradeInsecureRequests: isHttps ? [] : null,
        },
      },
      frameguard: { action: 'deny' },
      // Urls carry secrets and personal data (portal link ids, search terms): never pass them on.
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    }),
  );
  // Data: only the headers that apply to it, and never stored by a cache unless the route says so.
  const publicApiHeaders = {
    ...Object.fromEntries(Object.entries(pageHeaders).filter(([name]) => !documentOnlyHeaders.has(name))),
    'content-security-policy': apiPolicy,
  };
  const apiHeaders = { ...publicApiHeaders, 'cache-control': 'no-store' };
  const fileHeaders = { ...pageHeaders, 'content-security-policy': filePolicy };
  const apiDocsHeaders = {
    ...pageHeaders,
    'content-security-policy': policyText(
      isHttps ? { ...apiDocsDirectives, upgradeInsecureRequests: [] } : apiDocsDirectives,
    ),
  };
  const pathOf = (url: string) => url.split('?')[0]!;
  app.addHook('onRequest', (request, reply, done) => {
    const pathname = pathOf(request.url);
    reply.headers(
      !isUnder(pathname, '/api')
        ? pageHeaders
        : isUnder(pathname, apiDocsPrefix)
          ? apiDocsHeaders
          : publicApiPaths.includes(pathname)
            ? publicApiHeaders
            : apiHeaders,
    );
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.getHeader('content-disposition') !== undefined && isUnder(pathOf(request.url), '/api'))
      reply.headers(fileHeaders);
    done(null, payload);
  });
}
