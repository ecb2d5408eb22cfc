import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateRateRequest,
  ZIdParams,
  ZPageQuery,
  ZPaged,
  ZRate,
  ZRateItem,
  ZRateItemParams,
  ZRateItemRequest,
  ZRatePrice,
  ZRatePriceAmount,
  ZRatePriceParams,
  ZRatePriceQuery,
  ZRatePriceRequest,
  ZUpdateRateRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as service from './rates.service.ts';

const tags = ['base data'];

/** Rates, with their prices per room type and occupancy and their items as sub-resources. */
export function registerRateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/rates',
    {
      schema: { tags, querystring: ZPageQuery, response: { 200: ZPaged(ZRate), ...problemResponses } },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => service.listRates(ctx, actorOf(request), request.query),
  );

  api.post(
    '/api/rates',
    {
      schema: { tags, body: ZCreateRateRequest, response: { 201: ZRate, ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRate(ctx, actorOf(request), request.body)),
  );

  api.get(
    '/api/rates/:id',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZRate, ...problemResponses } },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => service.getRate(ctx, actorOf(request), request.params.id),
  );

  api.put(
    '/api/rates/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateRateRequest,
        response: { 200: ZRate, ...problemResponses },
      },
      config: { access: ['baseData', 'write'] },
    },
    async (request) => service.updateRate(ctx, actorOf(request), request.params.id, request.body),
  );

  api.delete(
    '/api/rates/:id',
    {
      schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) => {
      await service.deleteRate(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/rates/:id/price',
    {
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZRatePriceQuery,
        response: { 200: ZRatePriceAmount, ...problemResponses },
      },
      config: { access: ['baseData', 'read'] },
    },
    async (request) =>
      service.getRatePriceAmount(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.roomTypeId,
        request.query.occupancy,
      ),
  );

  api.post(
    '/api/rates/:id/prices',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZRatePriceRequest,
        response: { 201: ZRatePrice, ...problemResponses },
      },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createRatePrice(ctx, actorOf(request), request.params.id, request.body)),
  );

  api.put(
    '/api/rates/:id/prices/:priceId',
    {
      schema: {
        tags,
        params: ZRatePriceParams,
        body: ZRatePriceRequest,
        response: { 200: ZRatePrice, ...problemResponses },
      },
      config: { access: ['baseData', 'write'] },
    },
    async (request) =>
      service.updateRatePrice(ctx, actorOf(request), request.params.id, request.params.priceId, request.body),
  );

  api.delete(
    '/api/rates/:id/prices/:priceId',
    {
      schema: { tags, params: ZRatePriceParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) => {
      await service.deleteRatePrice(ctx, actorOf(request), request.params.id, request.params.priceId);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/rates/:id/items',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZRateItemRequest,
        response: { 201: ZRateItem, ...problemResponses },
      },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createRateItem(ctx, actorOf(request), request.params.id, request.body)),
  );

  api.put(
    '/api/rates/:id/items/:rateItemId',
    {
      schema: {
        tags,
        params: ZRateItemParams,
        body: ZRateItemRequest,
        response: { 200: ZRateItem, ...problemResponses },
      },
      config: { access: ['baseData', 'write'] },
    },
    async (request) =>
      service.updateRateItem(
        ctx,
        actorOf(request),
        request.params.id,
        request.params.rateItemId,
        request.body,
      ),
  );

  api.delete(
    '/api/rates/:id/items/:rateItemId',
    {
      schema: { tags, params: ZRateItemParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) => {
      await service.deleteRateItem(ctx, actorOf(request), request.params.id, request.params.rateItemId);
      return reply.status(204).send(null);
    },
  );
}
