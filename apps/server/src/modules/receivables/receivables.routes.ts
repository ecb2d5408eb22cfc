import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateReminderRequest,
  ZEvent,
  ZIdParams,
  ZInvoice,
  ZInvoicePaymentRequest,
  ZInvoiceReminder,
  ZInvoiceReminderList,
  ZInvoiceReminderParams,
  ZReceivables,
  ZReceivablesQuery,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { sendFile } from '../../http/send-file.ts';
import * as service from './receivables.service.ts';

const tags = ['invoices'];
const read = { access: ['invoices', 'read'] } as const;
const write = { access: ['invoices', 'write'] } as const;

export function registerReceivableRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/receivables',
    {
      schema: { tags, querystring: ZReceivablesQuery, response: { 200: ZReceivables, ...problemResponses } },
      config: read,
    },
    async (request) => service.listReceivables(ctx, actorOf(request), request.query),
  );
  api.post(
    '/api/invoices/:id/payments',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZInvoicePaymentRequest,
        response: { 200: ZInvoice, ...problemResponses },
      },
      config: write,
    },
    async (request) => service.recordInvoicePayment(ctx, actorOf(request), request.params.id, request.body),
  );
  api.get(
    '/api/invoices/:id/reminders',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZInvoiceReminderList, ...problemResponses } },
      config: read,
    },
    async (request) => ({ data: await service.listReminders(ctx, actorOf(request), request.params.id) }),
  );
  api.post(
    '/api/invoices/:id/reminders',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZCreateReminderRequest.nullish(),
        response: { 201: ZInvoiceReminder, ...problemResponses },
      },
      config: write,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createReminder(ctx, actorOf(request), request.params.id, request.body ?? {})),
  );
  api.get(
    '/api/invoices/:id/reminders/:reminderId/pdf',
    { schema: { tags, params: ZInvoiceReminderParams, response: problemResponses }, config: read },
    async (request, reply) =>
      sendFile(
        reply,
        await service.readReminderDocument(
          ctx,
          actorOf(request),
          request.params.id,
          request.params.reminderId,
        ),
        'attachment',
      ),
  );
  api.get(
    '/api/invoices/:id/events',
    {
      schema: {
        tags,
        params: ZIdParams,
        response: { 200: z.object({ data: z.array(ZEvent) }), ...problemResponses },
      },
      config: read,
    },
    async (request) => ({ data: await service.listInvoiceEvents(ctx, actorOf(request), request.params.id) }),
  );
}
