import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateLevyRequest,
  ZIdParams,
  ZLevy,
  ZLevyList,
  ZLevyVersionParams,
  ZLevyVersionRequest,
  ZUpdateLevyRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as service from './local-tax.service.ts';

const tags = ['base data'];

/** The property's local tax levies and their versions (base data, decision 191). */
export function registerLocalTaxRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/local_tax_levies',
    {
      schema: { tags, response: { 200: ZLevyList, ...problemResponses } },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => service.listLevies(ctx, actorOf(request)),
  );

  api.post(
    '/api/local_tax_levies',
    {
      schema: { tags, body: ZCreateLevyRequest, response: { 201: ZLevy, ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createLevy(ctx, actorOf(request), request.body)),
  );

  api.get(
    '/api/local_tax_levies/:id',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZLevy, ...problemResponses } },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => service.getLevy(ctx, actorOf(request), request.params.id),
  );

  api.put(
    '/api/local_tax_levies/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateLevyRequest,
        response: { 200: ZLevy, ...problemResponses },
      },
      config: { access: ['baseData', 'write'] },
    },
    async (request) => service.updateLevy(ctx, actorOf(request), request.params.id, request.body),
  );

  api.delete(
    '/api/local_tax_levies/:id',
    {
      schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) => {
      await service.deleteLevy(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/local_tax_levies/:id/versions',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZLevyVersionRequest,
        response: { 201: ZLevy, ...problemResponses },
      },
      config: { access: ['baseData', 'write'] },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createLevyVersion(ctx, actorOf(request), request.params.id, request.body)),
  );

  api.put(
    '/api/local_tax_levies/:id/versions/:versionId',
    {
      schema: {
        tags,
        params: ZLevyVersionParams,
        body: ZLevyVersionRequest,
        response: { 200: ZLevy, ...problemResponses },
      },
      config: { access: ['baseData', 'write'] },
    },
    async (request) =>
      service.updateLevyVersion(
        ctx,
        actorOf(request),
        request.params.id,
        request.params.versionId,
        request.body,
      ),
  );

  api.delete(
    '/api/local_tax_levies/:id/versions/:versionId',
    {
      schema: { tags, params: ZLevyVersionParams, response: { 200: ZLevy, ...problemResponses } },
      config: { access: ['baseData', 'write'] },
    },
    async (request) =>
      service.deleteLevyVersion(ctx, actorOf(request), request.params.id, request.params.versionId),
  );
}
