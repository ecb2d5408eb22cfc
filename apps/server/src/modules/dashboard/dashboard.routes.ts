import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDashboard, ZDashboardQuery } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { problemResponses } from '../../plugins/openapi.ts';
import { getDashboard } from './dashboard.service.ts';

export function registerDashboardRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        querystring: ZDashboardQuery,
        response: { 200: ZDashboard, ...problemResponses },
      },
      config: { access: ['dashboard', 'read'] },
    },
    async (request) => getDashboard(db, authOf(request), request.query.date),
  );
}
