import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateRoomTypeRequest,
  ZIdParams,
  ZPageQuery,
  ZPaged,
  ZRoomType,
  ZUpdateRoomTypeRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as service from './room-types.service.ts';

const tags = ['base data'];

export function registerRoomTypeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/room_types',
    {
      schema: { tags, querystring: ZPageQuery, response: { 200: ZPaged(ZRoomType), ...problemResponses } },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => service.listRoomTypes(ctx, actorOf(request), request.query),
  );

  api.post(
    '/api/room_types',
    {
      schema: { tags, body: ZCreateRoomTypeRequest, response: { 201: ZRoomType, ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRoomType(ctx, actorOf(request), request.body)),
  );

  api.get(
    '/api/room_types/:id',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZRoomType, ...problemResponses } },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => service.getRoomType(ctx, actorOf(request), request.params.id),
  );

  api.put(
    '/api/room_types/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateRoomTypeRequest,
        response: { 200: ZRoomType, ...problemResponses },
      },
      config: { access: ['baseData', 'write'] },
    },
    async (request) => service.updateRoomType(ctx, actorOf(request), request.params.id, request.body),
  );

  api.delete(
    '/api/room_types/:id',
    {
      schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) => {
      await service.deleteRoomType(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
