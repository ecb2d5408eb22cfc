import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { parsePortalRoute, type TPortalHomeData } from '@pms/contract';
import { AppError } from '../errors.ts';
import { PortalHomeWriter, portalLanguageOf } from '../http/portal-page.ts';
import { webAppPolicy } from './security-headers.ts';

export type TWebOptions = {
  /** The public url is https (the page policy then upgrades requests). */
  isHttps: boolean;
  /** The home of a link, read for its guest; refuses an unknown, revoked or expired link. */
  portalHome: (linkId: string) => Promise<Omit<TPortalHomeData, 'linkId' | 'language'>>;
};

/**
 * Serves the built web app; any non-API path falls back to index.html for the client router, a portal
 * path to portal.html, and a link's home comes written with its booking (http/portal-page.ts).
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  options: TWebOptions,
): Promise<void> {
  const root = path.resolve(webDist);
  if (!existsSync(path.join(root, 'index.html')))
    throw new Error(`web app not built: ${root}/index.html missing`);
  // The guest portal is its own page: a guest never downloads the staff app.
  const hasPortal = existsSync(path.join(root, 'portal.html'));
  const homeWriter = hasPortal ? await PortalHomeWriter.load(root) : null;
  const assets = path.join(root, 'assets');
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each file; they go out as the client accepts.
    preCompressed: true,
    cacheControl: false,
    // Built files carry their content hash in the name: cached for a year, never revalidated.
    setHeaders: (reply, file) => {
      reply.header(
        'cache-control',
        file.startsWith(`${assets}${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // Referrer-Policy (no-referrer, which the portal needs) comes with the other security headers.
  const sendIndex = (reply: FastifyReply, page = 'index.html') => {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(page);
  };
  app.get('/assets/*', { config: { access: 'public' } }, async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    return reply.sendFile(path.join('assets', file));
  });
  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const url = request.url.split('?')[0]!;
    if (url.startsWith('/api/') || url === '/api') return reply.callNotFound();
    const file = path.join(root, url);
    if (url !== '/' && file.startsWith(root) && existsSync(file) && !url.endsWith('/'))
      return reply.sendFile(url.slice(1));
    if (hasPortal && (url === '/portal' || url.startsWith('/portal/'))) {
      const route = parsePortalRoute(url);
      const page =
        homeWriter && route.screen === 'home' ? await writtenHome(request, route.linkId, url) : null;
      if (!page) return sendIndex(reply, 'portal.html');
      // The page carries the guest's booking: no cache keeps it.
      return reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', webAppPolicy(options.isHttps, page.styleNonce))
        .type('text/html; charset=utf-8')
        .send(page.html);
    }
    return sendIndex(reply);
  });

  /**
   * The link's home page with its booking, or null for the plain page: a link the guest may not open
   * (the page's own calls then show why) or a home that could not be written.
   */
  async function writtenHome(request: FastifyRequest, linkId: string, url: string) {
    try {
      const home = { linkId, language: portalLanguageOf(request), ...(await options.portalHome(linkId)) };
      return homeWriter!.write(home, url);
    } catch (error) {
      if (!(error instanceof AppError))
        request.log.error({ err: error }, 'the portal home could not be written');
      return null;
    }
  }
}
