import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPaged, ZSearchQuery, ZSearchResult } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { search } from './search.service.ts';

export function registerSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        querystring: ZSearchQuery,
        response: { 200: ZPaged(ZSearchResult), ...problemResponses },
      },
      config: { access: ['search', 'read'] },
    },
    async (request) => search(ctx, actorOf(request), request.query),
  );
}
