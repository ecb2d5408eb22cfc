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
import { authOf } from '../../plugins/auth.ts';
import { problemResponses } from '../../plugins/openapi.ts';
import * as service from './properties.service.ts';

const tags = ['properties'];

export function registerPropertyRoutes(app: FastifyInstance, { db }: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/properties',
    {
      schema: { tags, body: ZCreatePropertyRequest, response: { 201: ZProperty, ...problemResponses } },
      config: { access: ['properties', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createProperty(db, authOf(request), request.body)),
  );

  api.get(
    '/api/properties',
    {
      schema: { tags, querystring: ZPageQuery, response: { 200: ZPaged(ZProperty), ...problemResponses } },
      config: { access: ['properties', 'read'] },
    },
    async (request) => service.listProperties(db, authOf(request), request.query),
  );

  api.get(
    '/api/properties/current',
    {
      schema: { tags, response: { 200: ZProperty, ...problemResponses } },
      config: { access: ['properties', 'read'] },
    },
    async (request) => service.getProperty(db, authOf(request), authOf(request).propertyId),
  );

  api.get(
    '/api/properties/:id',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZProperty, ...problemResponses } },
      config: { access: ['properties', 'read'] },
    },
    async (request) => service.getProperty(db, authOf(request), request.params.id),
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
    async (request) => service.updateProperty(db, authOf(request), request.params.id, request.body),
  );
}
