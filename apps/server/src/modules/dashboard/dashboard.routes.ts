import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDashboard, ZDashboardQuery } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf, readHeavy } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { getDashboard } from './dashboard.service.ts';

export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
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
    async (request) =>
      readHeavy(ctx, request, (reading) => getDashboard(reading, actorOf(request), request.query.date)),
  );
}
