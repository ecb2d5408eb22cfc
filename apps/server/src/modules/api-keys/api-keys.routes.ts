import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiKey,
  ZCreateApiKeyRequest,
  ZCreatedApiKey,
  ZExpandQuery,
  ZIdParams,
  ZPageQuery,
  ZPaged,
  ZUpdateApiKeyRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as service from './api-keys.service.ts';

const tags = ['api keys'];

export function registerApiKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/api_keys',
    {
      schema: { tags, body: ZCreateApiKeyRequest, response: { 201: ZCreatedApiKey, ...problemResponses } },
      config: { access: ['apiKeys', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createApiKey(ctx, actorOf(request), request.body)),
  );

  api.get(
    '/api/api_keys',
    {
      schema: {
        tags,
        querystring: ZPageQuery.extend(ZExpandQuery.shape),
        response: { 200: ZPaged(ZApiKey), ...problemResponses },
      },
      config: { access: ['apiKeys', 'read'] },
    },
    async (request) => service.listApiKeys(ctx, actorOf(request), request.query),
  );

  api.get(
    '/api/api_keys/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZExpandQuery,
        response: { 200: ZApiKey, ...problemResponses },
      },
      config: { access: ['apiKeys', 'read'] },
    },
    async (request) => service.getApiKey(ctx, actorOf(request), request.params.id),
  );

  api.put(
    '/api/api_keys/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateApiKeyRequest,
        response: { 200: ZApiKey, ...problemResponses },
      },
      config: { access: ['apiKeys', 'write'] },
    },
    async (request) => service.updateApiKey(ctx, actorOf(request), request.params.id, request.body),
  );

  api.delete(
    '/api/api_keys/:id',
    {
      schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['apiKeys', 'write'] },
    },
    async (request, reply) => {
      await service.deleteApiKey(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
