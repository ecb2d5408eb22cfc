import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBookingLinkParams,
  ZIdParams,
  ZMailMessage,
  ZMailMessageListItem,
  ZMailMessageListQuery,
  ZMailTemplate,
  ZMailTemplateParams,
  ZPaged,
  ZSaveMailTemplateRequest,
  ZSendMailRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { sendBookingConfirmation, sendBookingLink } from './mail-booking.service.ts';
import { sendInvoice } from './mail-invoice.service.ts';
import {
  getMailMessage,
  getMailMessageEml,
  listMailMessages,
  retryMailMessage,
} from './mail-messages.service.ts';
import { listMailTemplates, saveMailTemplate } from './mail-templates.service.ts';

const tags = ['e-mail'];

/** Sends a message as an .eml download. */
function sendEml(reply: FastifyReply, raw: string, fileName: string) {
  return reply
    .header('content-type', 'message/rfc822')
    .header('content-disposition', contentDisposition(fileName, { type: 'attachment' }))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(raw);
}

export function registerMailRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/email_templates',
    {
      schema: { tags, response: { 200: z.object({ data: z.array(ZMailTemplate) }), ...problemResponses } },
      config: { access: ['settings', 'read'] },
    },
    async (request) => ({ data: await listMailTemplates(ctx, actorOf(request)) }),
  );
  api.put(
    '/api/email_templates/:kind/:language',
    {
      schema: {
        tags,
        params: ZMailTemplateParams,
        body: ZSaveMailTemplateRequest,
        response: { 200: ZMailTemplate, ...problemResponses },
      },
      config: { access: ['settings', 'write'] },
    },
    async (request) =>
      saveMailTemplate(ctx, actorOf(request), request.params.kind, request.params.language, request.body),
  );

  api.post(
    '/api/bookings/:id/links/:linkId/send',
    {
      schema: {
        tags,
        params: ZBookingLinkParams,
        body: ZSendMailRequest.nullish(),
        response: { 200: z.string().describe('the queued message (message/rfc822)'), ...problemResponses },
      },
      config: { access: ['bookings', 'write'] },
    },
    async (request, reply) => {
      const { message, raw, fileName } = await sendBookingLink(
        ctx,
        actorOf(request),
        request.params.id,
        request.params.linkId,
        request.body ?? {},
      );
      reply.header('location', `/api/mail_messages/${message.id}`);
      return sendEml(reply, raw, fileName);
    },
  );
  api.post(
    '/api/bookings/:id/confirmation/send',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZSendMailRequest.nullish(),
        response: { 202: ZMailMessage, ...problemResponses },
      },
      config: { access: ['bookings', 'write'] },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await sendBookingConfirmation(ctx, actorOf(request), request.params.id, request.body ?? {})),
  );
  api.post(
    '/api/invoices/:id/send',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZSendMailRequest.nullish(),
        response: { 202: ZMailMessage, ...problemResponses },
      },
      config: { access: ['invoices', 'write'] },
    },
    async (request, reply) =>
      reply.status(202).send(await sendInvoice(ctx, actorOf(request), request.params.id, request.body ?? {})),
  );

  api.get(
    '/api/mail_messages',
    {
      schema: {
        tags,
        querystring: ZMailMessageListQuery,
        response: { 200: ZPaged(ZMailMessageListItem), ...problemResponses },
      },
      config: { access: ['mail', 'read'] },
    },
    async (request) => listMailMessages(ctx, actorOf(request), request.query),
  );
  api.get(
    '/api/mail_messages/:id',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZMailMessage, ...problemResponses } },
      config: { access: ['mail', 'read'] },
    },
    async (request) => getMailMessage(ctx, actorOf(request), request.params.id),
  );
  api.get(
    '/api/mail_messages/:id/eml',
    { schema: { tags, params: ZIdParams }, config: { access: ['mail', 'read'] } },
    async (request, reply) => {
      const { raw, fileName } = await getMailMessageEml(ctx, actorOf(request), request.params.id);
      return sendEml(reply, raw, fileName);
    },
  );
  api.post(
    '/api/mail_messages/:id/actions/retry',
    {
      schema: { tags, params: ZIdParams, response: { 202: ZMailMessage, ...problemResponses } },
      config: { access: ['mail', 'write'] },
    },
    async (request, reply) =>
      reply.status(202).send(await retryMailMessage(ctx, actorOf(request), request.params.id)),
  );
}
