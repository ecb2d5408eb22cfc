import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPaged, ZSearchQuery, ZSearchResult } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { problemResponses } from '../../plugins/openapi.ts';
import { search } from './search.service.ts';

export function registerSearchRoutes(app: FastifyInstance, { db }: AppContext): void {
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
    async (request) => search(db, authOf(request), request.query),
  );
}
