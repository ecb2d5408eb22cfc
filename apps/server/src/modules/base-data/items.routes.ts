import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateItemRequest,
  ZExpandQuery,
  ZIdParams,
  ZPaged,
  ZItem,
  ZItemListQuery,
  ZUpdateItemRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as service from './items.service.ts';

const tags = ['base data'];

export function registerItemRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/items',
    {
      schema: { tags, querystring: ZItemListQuery, response: { 200: ZPaged(ZItem), ...problemResponses } },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => service.listItems(ctx, actorOf(request), request.query),
  );

  api.post(
    '/api/items',
    {
      schema: { tags, body: ZCreateItemRequest, response: { 201: ZItem, ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createItem(ctx, actorOf(request), request.body)),
  );

  api.get(
    '/api/items/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZExpandQuery,
        response: { 200: ZItem, ...problemResponses },
      },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => service.getItem(ctx, actorOf(request), request.params.id, request.query.expand),
  );

  api.put(
    '/api/items/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateItemRequest,
        response: { 200: ZItem, ...problemResponses },
      },
      config: { access: ['baseData', 'write'] },
    },
    async (request) => service.updateItem(ctx, actorOf(request), request.params.id, request.body),
  );

  api.delete(
    '/api/items/:id',
    {
      schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) => {
      await service.deleteItem(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
