import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreatePaymentMethodRequest,
  ZIdParams,
  ZPageQuery,
  ZPaged,
  ZPaymentMethod,
  ZUpdatePaymentMethodRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as service from './payment-methods.service.ts';

const tags = ['base data'];

export function registerPaymentMethodRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/payment_methods',
    {
      schema: {
        tags,
        querystring: ZPageQuery,
        response: { 200: ZPaged(ZPaymentMethod), ...problemResponses },
      },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => service.listPaymentMethods(ctx, actorOf(request), request.query),
  );

  api.post(
    '/api/payment_methods',
    {
      schema: {
        tags,
        body: ZCreatePaymentMethodRequest,
        response: { 201: ZPaymentMethod, ...problemResponses },
      },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createPaymentMethod(ctx, actorOf(request), request.body)),
  );

  api.get(
    '/api/payment_methods/:id',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZPaymentMethod, ...problemResponses } },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => service.getPaymentMethod(ctx, actorOf(request), request.params.id),
  );

  api.put(
    '/api/payment_methods/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdatePaymentMethodRequest,
        response: { 200: ZPaymentMethod, ...problemResponses },
      },
      config: { access: ['baseData', 'write'] },
    },
    async (request) => service.updatePaymentMethod(ctx, actorOf(request), request.params.id, request.body),
  );

  api.delete(
    '/api/payment_methods/:id',
    {
      schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) => {
      await service.deletePaymentMethod(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
