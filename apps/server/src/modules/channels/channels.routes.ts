import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZChannel,
  ZChannelRoomParams,
  ZCreateChannelRequest,
  ZIdParams,
  ZSetChannelFeedRequest,
  ZSynchronizeRequest,
  ZSyncReport,
  ZUpdateChannelRequest,
  syncReportCsv,
  syncReportFileName,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { synchronize } from '../../flows/channel-import.flow.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { actorOf } from '../../http/request-actor.ts';
import { exportLimiter, exportRoomFeed } from './channel-export.service.ts';
import * as service from './channels.service.ts';

const tags = ['channels'];
const read = { access: ['channels', 'read'] } as const;
const write = { access: ['channels', 'write'] } as const;

/** An export address: its token (43 base64url characters) and `.ics`. */
const exportFile = /^([A-Za-z0-9_-]{43})\.ics$/;

export function registerChannelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limiter = exportLimiter(ctx);

  api.get(
    '/api/channels',
    {
      schema: { tags, response: { 200: z.object({ data: z.array(ZChannel) }), ...problemResponses } },
      config: read,
    },
    async (request) => service.listChannels(ctx, actorOf(request)),
  );
  api.post(
    '/api/channels',
    {
      schema: { tags, body: ZCreateChannelRequest, response: { 201: ZChannel, ...problemResponses } },
      config: write,
    },
    async (request, reply) =>
      reply.status(201).send(await service.createChannel(ctx, actorOf(request), request.body)),
  );
  api.get(
    '/api/channels/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZChannel, ...problemResponses } }, config: read },
    async (request) => service.getChannel(ctx, actorOf(request), request.params.id),
  );
  api.put(
    '/api/channels/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateChannelRequest,
        response: { 200: ZChannel, ...problemResponses },
      },
      config: write,
    },
    async (request) => service.updateChannel(ctx, actorOf(request), request.params.id, request.body),
  );
  api.delete(
    '/api/channels/:id',
    { schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } }, config: write },
    async (request, reply) => {
      await service.deleteChannel(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  api.put(
    '/api/channels/:id/rooms/:roomId',
    {
      schema: {
        tags,
        description: "Sets (or clears, with null) the room's import feed of the channel.",
        params: ZChannelRoomParams,
        body: ZSetChannelFeedRequest,
        response: { 200: ZChannel, ...problemResponses },
      },
      config: write,
    },
    async (request) =>
      service.setChannelFeed(ctx, actorOf(request), request.params.id, request.params.roomId, request.body),
  );
  api.post(
    '/api/channels/:id/rooms/:roomId/export_token',
    {
      schema: {
        tags,
        description: "Gives the room's export feed a new address; the old one answers 404 from then on.",
        params: ZChannelRoomParams,
        response: { 200: ZChannel, ...problemResponses },
      },
      config: write,
    },
    async (request) =>
      service.changeExportToken(ctx, actorOf(request), request.params.id, request.params.roomId, 'renew'),
  );
  api.delete(
    '/api/channels/:id/rooms/:roomId/export_token',
    {
      schema: {
        tags,
        description: "Withdraws the room's export feed address until a new one is made.",
        params: ZChannelRoomParams,
        response: { 200: ZChannel, ...problemResponses },
      },
      config: write,
    },
    async (request) =>
      service.changeExportToken(ctx, actorOf(request), request.params.id, request.params.roomId, 'revoke'),
  );

  api.post(
    '/api/bookings/synchronize',
    {
      schema: {
        tags: ['bookings'],
        description:
          'Imports every channel feed of the property now (or of one channel) and answers the sync report as a file: CSV, or JSON when asked with Accept: application/json.',
        body: ZSynchronizeRequest.optional(),
        response: { 200: ZSyncReport.or(z.string()), ...problemResponses },
      },
      config: { access: ['bookings', 'write'] },
    },
    async (request, reply) => {
      const report = await synchronize(ctx, actorOf(request), request.body ?? {});
      const accept = request.headers.accept ?? '';
      const asJson = accept.includes('application/json') && !accept.includes('text/csv');
      reply
        .header(
          'content-disposition',
          contentDisposition(syncReportFileName(report, asJson ? 'json' : 'csv')),
        )
        .header('cache-control', 'private, no-store');
      if (asJson) return reply.type('application/json; charset=utf-8').send(report);
      return reply.type('text/csv; charset=utf-8').send(syncReportCsv(report));
    },
  );

  // The export feed: no login, its token is the capability. Its answer is the platforms' to cache.
  api.get(
    '/api/ical/:file',
    {
      schema: {
        tags,
        params: z.object({ file: z.string().max(100) }),
        response: { 200: z.string(), 304: z.null(), ...problemResponses },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const token = exportFile.exec(request.params.file)?.[1];
      if (!token) throw notFound('feed');
      const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
      const answer = await exportRoomFeed(ctx, limiter, token, {
        ifNoneMatch: header(request.headers['if-none-match']),
        ifModifiedSince: header(request.headers['if-modified-since']),
      });
      reply
        .header('etag', answer.etag)
        .header('last-modified', answer.lastModified.toUTCString())
        .header('cache-control', 'private, max-age=300');
      if (answer.status === 304) return reply.status(304).send(null);
      return reply.type('text/calendar; charset=utf-8').send(answer.body);
    },
  );
}
