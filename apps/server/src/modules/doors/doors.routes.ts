import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAccessPoint, ZAccessToken, ZId } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { getAccessToken, listAccessPoints, unlockAccessPoint } from './doors.service.ts';

const ZBookingParams = z.object({ id: ZId });

/** Staff's view of a booking's key, and opening one of its doors from the desk. */
export function registerDoorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/bookings/:id/access_token',
    {
      schema: {
        tags: ['doors'],
        params: ZBookingParams,
        response: { 200: z.object({ data: ZAccessToken.nullable() }), ...problemResponses },
      },
      config: { access: ['bookings', 'read'] },
    },
    async (request) => ({ data: await getAccessToken(ctx, actorOf(request), request.params.id) }),
  );
  routes.get(
    '/api/bookings/:id/access_points',
    {
      schema: {
        tags: ['doors'],
        params: ZBookingParams,
        response: { 200: z.object({ data: z.array(ZAccessPoint) }), ...problemResponses },
      },
      config: { access: ['bookings', 'read'] },
    },
    async (request) => ({ data: await listAccessPoints(ctx, actorOf(request), request.params.id) }),
  );
  routes.post(
    '/api/bookings/:id/access_points/:accessPointId/unlock',
    {
      schema: {
        tags: ['doors'],
        params: ZBookingParams.extend({ accessPointId: ZId }),
        response: { 200: ZAccessPoint, ...problemResponses },
      },
      config: { access: ['bookings', 'write'] },
    },
    async (request) =>
      unlockAccessPoint(ctx, actorOf(request), request.params.id, request.params.accessPointId),
  );
}
