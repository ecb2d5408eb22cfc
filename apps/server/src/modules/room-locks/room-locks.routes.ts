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
import { authOf } from '../../plugins/auth.ts';
import { problemResponses } from '../../plugins/openapi.ts';
import * as service from './room-locks.service.ts';

const tags = ['room locks'];
const read = { access: ['roomLocks', 'read'] } as const;
const write = { access: ['roomLocks', 'write'] } as const;

export function registerRoomLockRoutes(app: FastifyInstance, { db }: AppContext): void {
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
    async (request) => service.listRoomLocks(db, authOf(request), request.query),
  );
  api.post(
    '/api/room_locks',
    {
      schema: { tags, body: ZCreateRoomLockRequest, response: { 201: ZRoomLock, ...problemResponses } },
      config: write,
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRoomLock(db, authOf(request), request.body)),
  );
  api.get(
    '/api/room_locks/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZRoomLock, ...problemResponses } }, config: read },
    async (request) => service.getRoomLock(db, authOf(request), request.params.id),
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
    async (request) => service.updateRoomLock(db, authOf(request), request.params.id, request.body),
  );
  api.post(
    '/api/room_locks/:id/actions/cancel',
    { schema: { tags, params: ZIdParams, response: { 200: ZRoomLock, ...problemResponses } }, config: write },
    async (request) => service.cancelRoomLock(db, authOf(request), request.params.id),
  );
  api.delete(
    '/api/room_locks/:id',
    { schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } }, config: write },
    async (request, reply) => {
      await service.deleteRoomLock(db, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
