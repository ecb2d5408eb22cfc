import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams, ZPortalProgress } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { getPortalProgress } from './portal-progress.service.ts';

/** Staff's view of how far the booking's guest got in the portal. */
export function registerPortalProgressRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/bookings/:id/portal_progress',
    {
      schema: {
        tags: ['portal'],
        params: ZIdParams,
        response: { 200: ZPortalProgress, ...problemResponses },
      },
      config: { access: ['bookingDetails', 'read'] },
    },
    async (request) => getPortalProgress(ctx, actorOf(request), request.params.id),
  );
}
