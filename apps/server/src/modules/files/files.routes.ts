import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, ZFile, ZFileUrl, ZIdParams, ZPageQuery, ZPaged, type TFile } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { authOf } from '../../plugins/auth.ts';
import { problemResponses } from '../../plugins/openapi.ts';
import * as service from './files.service.ts';

const tags = ['files'];

/** Sends a stored file with its type and a content-disposition naming it. */
export function sendFile(
  reply: FastifyReply,
  { file, stream }: { file: TFile; stream: Readable },
  kind: 'inline' | 'attachment',
) {
  return reply
    .header('content-type', file.mimeType)
    .header('content-disposition', service.contentDisposition(kind, file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(stream);
}

export function registerFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/files',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: z.object({ purpose: z.string().max(50).optional() }),
        response: { 201: ZFile, ...problemResponses },
      },
      config: { access: ['files', 'write'] },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('validation', 'send the file as multipart/form-data');
      const part = await request.file();
      if (part?.fieldname !== 'file')
        throw new AppError('validation', 'a multipart part named file is required');
      const content = await part.toBuffer();
      const file = await service.uploadFile(ctx, authOf(request).propertyId, {
        name: part.filename,
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
    async (request) => service.listFiles(ctx, authOf(request), request.query),
  );

  api.get(
    '/api/files/:id',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZFile, ...problemResponses } },
      config: { access: ['files', 'read'] },
    },
    async (request) => service.getFile(ctx, authOf(request).propertyId, request.params.id),
  );

  api.get(
    '/api/files/:id/url',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZFileUrl, ...problemResponses } },
      config: { access: ['files', 'read'] },
    },
    async (request) => service.createDownloadUrl(ctx, authOf(request).propertyId, request.params.id),
  );

  api.get(
    '/api/files/:id/content',
    { schema: { tags, params: ZIdParams }, config: { access: 'authenticated' } },
    async (request, reply) => {
      const auth = authOf(request);
      const result = await service.readFileContent(ctx, auth.propertyId, request.params.id);
      // Everyone in the property may see its logo; other files need the files area.
      const isLogo = result.file.purpose === 'logo';
      if (!isLogo && !can(auth.role, 'files', 'read')) {
        result.stream.destroy();
        throw new AppError('auth/forbidden');
      }
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
      await service.deleteFile(ctx, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
