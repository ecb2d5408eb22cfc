import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZHousekeepingQuery, ZHousekeepingRoom, ZIdParams, ZUpdateHousekeepingRequest } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf, todayOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as service from './housekeeping.service.ts';

const tags = ['housekeeping'];

export function registerHousekeepingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/housekeeping',
    {
      schema: {
        tags,
        querystring: ZHousekeepingQuery,
        response: { 200: z.object({ data: z.array(ZHousekeepingRoom) }), ...problemResponses },
      },
      config: { access: ['housekeeping', 'read'] },
    },
    async (request) => ({
      data: await service.listHousekeeping(
        ctx,
        actorOf(request),
        todayOf(ctx, request),
        request.query.filter,
      ),
    }),
  );
  api.get(
    '/api/housekeeping/rooms/:id',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZHousekeepingRoom, ...problemResponses } },
      config: { access: ['housekeeping', 'read'] },
    },
    async (request) =>
      service.getHousekeepingRoom(ctx, actorOf(request), todayOf(ctx, request), request.params.id),
  );
  api.patch(
    '/api/housekeeping/rooms/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateHousekeepingRequest,
        response: { 200: ZHousekeepingRoom, ...problemResponses },
      },
      config: { access: ['housekeeping', 'write'] },
    },
    async (request) =>
      service.setHousekeepingStatus(
        ctx,
        actorOf(request),
        todayOf(ctx, request),
        request.params.id,
        request.body.housekeepingStatus,
      ),
  );
}
