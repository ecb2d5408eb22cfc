import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateTaxRateRequest,
  ZIdParams,
  ZPageQuery,
  ZPaged,
  ZTaxRate,
  ZUpdateTaxRateRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as service from './tax-rates.service.ts';

const tags = ['base data'];

export function registerTaxRateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/tax_rates',
    {
      schema: { tags, querystring: ZPageQuery, response: { 200: ZPaged(ZTaxRate), ...problemResponses } },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => service.listTaxRates(ctx, actorOf(request), request.query),
  );

  api.post(
    '/api/tax_rates',
    {
      schema: { tags, body: ZCreateTaxRateRequest, response: { 201: ZTaxRate, ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createTaxRate(ctx, actorOf(request), request.body)),
  );

  api.get(
    '/api/tax_rates/:id',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZTaxRate, ...problemResponses } },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => service.getTaxRate(ctx, actorOf(request), request.params.id),
  );

  api.put(
    '/api/tax_rates/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateTaxRateRequest,
        response: { 200: ZTaxRate, ...problemResponses },
      },
      config: { access: ['baseData', 'write'] },
    },
    async (request) => service.updateTaxRate(ctx, actorOf(request), request.params.id, request.body),
  );

  api.delete(
    '/api/tax_rates/:id',
    {
      schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) => {
      await service.deleteTaxRate(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
