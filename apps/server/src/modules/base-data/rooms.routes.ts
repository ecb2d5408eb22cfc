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
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as service from './rooms.service.ts';

const tags = ['base data'];

export function registerRoomRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/rooms',
    {
      schema: { tags, querystring: ZRoomListQuery, response: { 200: ZPaged(ZRoom), ...problemResponses } },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => service.listRooms(ctx, actorOf(request), request.query),
  );

  api.post(
    '/api/rooms',
    {
      schema: { tags, body: ZCreateRoomRequest, response: { 201: ZCreatedRooms, ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRooms(ctx, actorOf(request), request.body)),
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
    async (request) => service.getRoom(ctx, actorOf(request), request.params.id, request.query.expand),
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
    async (request) => service.updateRoom(ctx, actorOf(request), request.params.id, request.body),
  );

  api.delete(
    '/api/rooms/:id',
    {
      schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) => {
      await service.deleteRoom(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
