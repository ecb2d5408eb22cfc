import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Serves the built web app; any non-API path falls back to index.html for the client router. */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  if (!existsSync(path.join(root, 'index.html')))
    throw new Error(`web app not built: ${root}/index.html missing`);
  // The guest portal is its own page: a guest never downloads the staff app.
  const hasPortal = existsSync(path.join(root, 'portal.html'));
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
    if (hasPortal && (url === '/portal' || url.startsWith('/portal/')))
      return sendIndex(reply, 'portal.html');
    return sendIndex(reply);
  });
}
