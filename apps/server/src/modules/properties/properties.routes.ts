import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCreatePropertyRequest,
  ZIdParams,
  ZPageQuery,
  ZPaged,
  ZProperty,
  ZUpdatePropertyRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as service from './properties.service.ts';

const tags = ['properties'];

export function registerPropertyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/properties',
    {
      schema: { tags, body: ZCreatePropertyRequest, response: { 201: ZProperty, ...problemResponses } },
      config: { access: ['properties', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createProperty(ctx, actorOf(request), request.body)),
  );

  api.get(
    '/api/properties',
    {
      schema: { tags, querystring: ZPageQuery, response: { 200: ZPaged(ZProperty), ...problemResponses } },
      config: { access: ['properties', 'read'] },
    },
    async (request) => service.listProperties(ctx, actorOf(request), request.query),
  );

  api.get(
    '/api/properties/current',
    {
      schema: { tags, response: { 200: ZProperty, ...problemResponses } },
      config: { access: ['properties', 'read'] },
    },
    async (request) => service.getProperty(ctx, actorOf(request), actorOf(request).propertyId),
  );

  api.get(
    '/api/properties/:id',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZProperty, ...problemResponses } },
      config: { access: ['properties', 'read'] },
    },
    async (request) => service.getProperty(ctx, actorOf(request), request.params.id),
  );

  api.put(
    '/api/properties/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdatePropertyRequest,
        response: { 200: ZProperty, ...problemResponses },
      },
      config: { access: ['properties', 'write'] },
    },
    async (request) => service.updateProperty(ctx, actorOf(request), request.params.id, request.body),
  );
}
