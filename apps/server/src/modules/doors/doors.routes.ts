import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAccessPoint,
  ZAccessPointListQuery,
  ZAccessPointRecord,
  ZAccessToken,
  ZCreateAccessPointRequest,
  ZId,
  ZIdParams,
  ZPaged,
  ZUpdateAccessPointRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { getAccessToken, listAccessPoints, unlockAccessPoint } from './doors.service.ts';
import { createEntrance, deleteEntrance, listEntrances, updateEntrance } from './entrances.service.ts';

const ZBookingParams = z.object({ id: ZId });

/** Staff's view of a booking's key, opening one of its doors from the desk, and the property's entrances. */
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

  routes.get(
    '/api/access_points',
    {
      schema: {
        tags: ['doors'],
        querystring: ZAccessPointListQuery,
        response: { 200: ZPaged(ZAccessPointRecord), ...problemResponses },
      },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => listEntrances(ctx, actorOf(request), request.query),
  );
  routes.post(
    '/api/access_points',
    {
      schema: {
        tags: ['doors'],
        body: ZCreateAccessPointRequest,
        response: { 201: ZAccessPointRecord, ...problemResponses },
      },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await createEntrance(ctx, actorOf(request), request.body)),
  );
  routes.patch(
    '/api/access_points/:id',
    {
      schema: {
        tags: ['doors'],
        params: ZIdParams,
        body: ZUpdateAccessPointRequest,
        response: { 200: ZAccessPointRecord, ...problemResponses },
      },
      config: { access: ['baseData', 'write'] },
    },
    async (request) => updateEntrance(ctx, actorOf(request), request.params.id, request.body),
  );
  routes.delete(
    '/api/access_points/:id',
    {
      schema: { tags: ['doors'], params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) => {
      await deleteEntrance(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
