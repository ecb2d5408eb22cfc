import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZFile, ZFileUrl, ZIdParams, ZPageQuery, ZPaged, ZUploadFileQuery } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { AppError, invalidField } from '../../errors.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { sendFile } from '../../http/send-file.ts';
import * as service from './files.service.ts';

const tags = ['files'];

/** The one file part of a multipart upload; a body the multipart parser cannot read is the client's error. */
async function readUploadedFile(request: FastifyRequest): Promise<{ name: string; content: Buffer }> {
  if (!request.isMultipart()) throw invalidField('body', 'send the file as multipart/form-data');
  try {
    const part = await request.file();
    if (part?.fieldname !== 'file')
      throw invalidField('body/file', 'a multipart part named file is required');
    return { name: part.filename, content: await part.toBuffer() };
  } catch (error) {
    // The plugin's own errors carry their status (413 for a file over the limit); busboy's do not.
    if (error instanceof AppError || (error as FastifyError).statusCode) throw error;
    throw invalidField('body/file', `the multipart body is malformed: ${(error as Error).message}`);
  }
}

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
