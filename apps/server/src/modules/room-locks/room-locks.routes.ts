import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateRoomLockRequest,
  ZId,
  ZIdParams,
  ZPageQuery,
  ZPaged,
  ZRoomLock,
  ZUpdateRoomLockRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as service from './room-locks.service.ts';

const tags = ['room locks'];
const read = { access: ['roomLocks', 'read'] } as const;
const write = { access: ['roomLocks', 'write'] } as const;

export function registerRoomLockRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/room_locks',
    {
      schema: {
        tags,
        querystring: ZPageQuery.extend({ roomId: ZId.optional() }),
        response: { 200: ZPaged(ZRoomLock), ...problemResponses },
      },
      config: read,
    },
    async (request) => service.listRoomLocks(ctx, actorOf(request), request.query),
  );
  api.post(
    '/api/room_locks',
    {
      schema: { tags, body: ZCreateRoomLockRequest, response: { 201: ZRoomLock, ...problemResponses } },
      config: write,
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRoomLock(ctx, actorOf(request), request.body)),
  );
  api.get(
    '/api/room_locks/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZRoomLock, ...problemResponses } }, config: read },
    async (request) => service.getRoomLock(ctx, actorOf(request), request.params.id),
  );
  api.put(
    '/api/room_locks/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateRoomLockRequest,
        response: { 200: ZRoomLock, ...problemResponses },
      },
      config: write,
    },
    async (request) => service.updateRoomLock(ctx, actorOf(request), request.params.id, request.body),
  );
  api.post(
    '/api/room_locks/:id/actions/cancel',
    { schema: { tags, params: ZIdParams, response: { 200: ZRoomLock, ...problemResponses } }, config: write },
    async (request) => service.cancelRoomLock(ctx, actorOf(request), request.params.id),
  );
  api.delete(
    '/api/room_locks/:id',
    { schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } }, config: write },
    async (request, reply) => {
      await service.deleteRoomLock(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
