import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZFile, ZFileUrl, ZIdParams, ZPageQuery, ZPaged, ZUploadFileQuery } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { sendFile } from '../../http/send-file.ts';
import { readUploadedFile } from '../../http/multipart.ts';
import * as service from './files.service.ts';

const tags = ['files'];

export function registerFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/files',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: ZUploadFileQuery,
        response: { 201: ZFile, ...problemResponses },
      },
      config: { access: ['files', 'write'] },
    },
    async (request, reply) => {
      const { name, content } = await readUploadedFile(request);
      const file = await service.uploadFile(ctx, actorOf(request), {
        name,
        content,
        purpose: request.query.purpose ?? null,
      });
      return reply.status(201).send(file);
    },
  );

  api.get(
    '/api/files',
    {
      schema: { tags, querystring: ZPageQuery, response: { 200: ZPaged(ZFile), ...problemResponses } },
      config: { access: ['files', 'read'] },
    },
    async (request) => service.listFiles(ctx, actorOf(request), request.query),
  );

  api.get(
    '/api/files/:id',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZFile, ...problemResponses } },
      config: { access: ['files', 'read'] },
    },
    async (request) => service.getFile(ctx, actorOf(request), request.params.id),
  );

  api.get(
    '/api/files/:id/url',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZFileUrl, ...problemResponses } },
      config: { access: ['files', 'read'] },
    },
    async (request) => service.createDownloadUrl(ctx, actorOf(request), request.params.id),
  );

  api.get(
    '/api/files/:id/content',
    { schema: { tags, params: ZIdParams }, config: { access: 'authenticated' } },
    async (request, reply) => {
      const result = await service.readFileContent(ctx, actorOf(request), request.params.id);
      return sendFile(reply, result, 'inline');
    },
  );

  api.get(
    '/api/files/:id/download',
    {
      schema: {
        tags,
        params: ZIdParams,
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().min(1) }),
      },
      config: { access: 'public' },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await service.readSignedFile(ctx, request.params.id, request.query.expires, request.query.signature),
        'attachment',
      ),
  );

  api.delete(
    '/api/files/:id',
    {
      schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['files', 'write'] },
    },
    async (request, reply) => {
      await service.deleteFile(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
