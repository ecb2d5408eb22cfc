import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateRoomRequest,
  ZCreatedRooms,
  ZExpandQuery,
  ZIdParams,
  ZPaged,
  ZRoom,
  ZRoomListQuery,
  ZUpdateRoomRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { problemResponses } from '../../plugins/openapi.ts';
import * as service from './base-data.service.ts';

const tags = ['base data'];

export function registerRoomRoutes(app: FastifyInstance, { db }: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/rooms',
    {
      schema: { tags, querystring: ZRoomListQuery, response: { 200: ZPaged(ZRoom), ...problemResponses } },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => service.listRooms(db, authOf(request), request.query),
  );

  api.post(
    '/api/rooms',
    {
      schema: { tags, body: ZCreateRoomRequest, response: { 201: ZCreatedRooms, ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRooms(db, authOf(request), request.body)),
  );

  api.get(
    '/api/rooms/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZExpandQuery,
        response: { 200: ZRoom, ...problemResponses },
      },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => service.getRoom(db, authOf(request), request.params.id, request.query.expand),
  );

  api.put(
    '/api/rooms/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateRoomRequest,
        response: { 200: ZRoom, ...problemResponses },
      },
      config: { access: ['baseData', 'write'] },
    },
    async (request) => service.updateRoom(db, authOf(request), request.params.id, request.body),
  );

  api.delete(
    '/api/rooms/:id',
    {
      schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) => {
      await service.deleteRoom(db, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
