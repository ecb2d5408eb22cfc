import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErasure, ZIdParams, ZPersonalDataExport } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import {
  downloadPersonalDataExport,
  getPersonalDataExport,
  listPersonalDataExports,
  requestPersonalDataExport,
} from './personal-data-export.service.ts';
import { erasePersonalData, getErasure } from './erasure.service.ts';

const tags = ['privacy'];

export function registerPrivacyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/contacts/:id/personal-data-exports',
    {
      schema: { tags, params: ZIdParams, response: { 202: ZPersonalDataExport, ...problemResponses } },
      config: { access: ['privacy', 'write'] },
    },
    async (request, reply) =>
      reply.status(202).send(await requestPersonalDataExport(ctx, actorOf(request), request.params.id)),
  );

  api.get(
    '/api/contacts/:id/personal-data-exports',
    {
      schema: {
        tags,
        params: ZIdParams,
        response: { 200: z.array(ZPersonalDataExport), ...problemResponses },
      },
      config: { access: ['privacy', 'read'] },
    },
    async (request) => listPersonalDataExports(ctx, actorOf(request), request.params.id),
  );

  api.get(
    '/api/personal-data-exports/:id',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZPersonalDataExport, ...problemResponses } },
      config: { access: ['privacy', 'read'] },
    },
    async (request) => getPersonalDataExport(ctx, actorOf(request), request.params.id),
  );

  api.get(
    '/api/personal-data-exports/:id/download',
    {
      schema: { tags, params: ZIdParams },
      config: { access: ['privacy', 'read'] },
    },
    async (request, reply) => {
      const { name, stream } = await downloadPersonalDataExport(ctx, actorOf(request), request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(name))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  api.post(
    '/api/contacts/:id/erasure',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZErasure, ...problemResponses } },
      config: { access: ['privacy', 'write'] },
    },
    async (request) => erasePersonalData(ctx, actorOf(request), request.params.id),
  );

  api.get(
    '/api/contacts/:id/erasure',
    {
      schema: {
        tags,
        params: ZIdParams,
        response: { 200: z.object({ erasure: ZErasure.nullable() }), ...problemResponses },
      },
      config: { access: ['privacy', 'read'] },
    },
    async (request) => ({ erasure: await getErasure(ctx, actorOf(request), request.params.id) }),
  );
}
