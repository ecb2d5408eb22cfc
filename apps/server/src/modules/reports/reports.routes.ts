import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAccountingExport,
  ZAccountingExportQuery,
  ZGuestStatistics,
  ZGuestStatisticsQuery,
  ZItemsReport,
  ZItemsReportQuery,
  ZLevyReport,
  ZLevyReportQuery,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf, readHeavy } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as service from './reports.service.ts';
import { getLevyReport, getLevyReportFile } from './levy-report.service.ts';

const tags = ['reports'];
const fileNote = 'With format csv (or datev) the answer is a file to download instead of JSON.';

/** Sends a report file as a download named by its period. */
function sendReportFile(reply: FastifyReply, file: service.TReportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('content-length', file.content.length)
    .header('cache-control', 'private, no-store')
    .send(file.content);
}

export function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/reports/items',
    {
      schema: {
        tags,
        description: `Charges of a period by service date per item type and item. ${fileNote}`,
        querystring: ZItemsReportQuery,
        response: { 200: ZItemsReport, ...problemResponses },
      },
      config: { access: ['reports', 'read'] },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (request.query.format === 'csv') {
        const file = await readHeavy(ctx, request, (reading) =>
          service.getItemsReportFile(reading, actor, request.query),
        );
        return sendReportFile(reply, file);
      }
      return readHeavy(ctx, request, (reading) => service.getItemsReport(reading, actor, request.query));
    },
  );

  api.get(
    '/api/reports/accounting',
    {
      schema: {
        tags,
        description: `Postings of the invoices issued and the payments made in a period. ${fileNote}`,
        querystring: ZAccountingExportQuery,
        response: { 200: ZAccountingExport, ...problemResponses },
      },
      config: { access: ['reports', 'read'] },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (request.query.format !== 'json') {
        const file = await readHeavy(ctx, request, (reading) =>
          service.getAccountingExportFile(reading, actor, request.query),
        );
        return sendReportFile(reply, file);
      }
      return readHeavy(ctx, request, (reading) => service.getAccountingExport(reading, actor, request.query));
    },
  );

  api.get(
    '/api/reports/guest_statistics',
    {
      schema: {
        tags,
        description: `Arrivals and overnight stays per country of residence. ${fileNote}`,
        querystring: ZGuestStatisticsQuery,
        response: { 200: ZGuestStatistics, ...problemResponses },
      },
      config: { access: ['reports', 'read'] },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (request.query.format === 'csv') {
        const file = await readHeavy(ctx, request, (reading) =>
          service.getGuestStatisticsFile(reading, actor, request.query),
        );
        return sendReportFile(reply, file);
      }
      return readHeavy(ctx, request, (reading) => service.getGuestStatistics(reading, actor, request.query));
    },
  );

  api.get(
    '/api/reports/local_tax',
    {
      schema: {
        tags,
        description: `The local tax per month and levy, for the town's monthly return. ${fileNote}`,
        querystring: ZLevyReportQuery,
        response: { 200: ZLevyReport, ...problemResponses },
      },
      config: { access: ['reports', 'read'] },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (request.query.format === 'csv') {
        const file = await readHeavy(ctx, request, (reading) =>
          getLevyReportFile(reading, actor, request.query),
        );
        return sendReportFile(reply, file);
      }
      return readHeavy(ctx, request, (reading) => getLevyReport(reading, actor, request.query));
    },
  );
}
