import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateInvoiceRequest,
  ZIdParams,
  ZInvoice,
  ZInvoiceListQuery,
  ZInvoicePage,
  ZIssueInvoiceRequest,
  ZUpdateInvoiceRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { sendFile } from '../../http/send-file.ts';
import { cancelInvoice } from './invoice-cancel.service.ts';
import { createInvoice, deleteInvoice, updateInvoice } from './invoice-drafts.service.ts';
import { issueInvoice } from './invoice-issue.service.ts';
import { getInvoice, listInvoices, readInvoiceDocument } from './invoices.service.ts';

const tags = ['invoices'];
const read = { access: ['invoices', 'read'] } as const;
const write = { access: ['invoices', 'write'] } as const;

export function registerInvoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/invoices',
    {
      schema: { tags, querystring: ZInvoiceListQuery, response: { 200: ZInvoicePage, ...problemResponses } },
      config: read,
    },
    async (request) => listInvoices(ctx, actorOf(request), request.query),
  );
  api.post(
    '/api/invoices',
    {
      schema: { tags, body: ZCreateInvoiceRequest, response: { 201: ZInvoice, ...problemResponses } },
      config: write,
    },
    async (request, reply) =>
      reply.status(201).send(await createInvoice(ctx, actorOf(request), request.body)),
  );
  api.get(
    '/api/invoices/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZInvoice, ...problemResponses } }, config: read },
    async (request) => getInvoice(ctx, actorOf(request), request.params.id),
  );
  api.put(
    '/api/invoices/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateInvoiceRequest,
        response: { 200: ZInvoice, ...problemResponses },
      },
      config: write,
    },
    async (request) => updateInvoice(ctx, actorOf(request), request.params.id, request.body),
  );
  api.post(
    '/api/invoices/:id/actions/issue',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZIssueInvoiceRequest.nullish(),
        response: { 200: ZInvoice, ...problemResponses },
      },
      config: write,
    },
    async (request) =>
      issueInvoice(ctx, actorOf(request), request.params.id, request.body ?? { closeWithDueAmount: false }),
  );
  api.post(
    '/api/invoices/:id/actions/cancel',
    { schema: { tags, params: ZIdParams, response: { 201: ZInvoice, ...problemResponses } }, config: write },
    async (request, reply) =>
      reply.status(201).send(await cancelInvoice(ctx, actorOf(request), request.params.id)),
  );
  for (const kind of ['pdf', 'xml'] as const) {
    api.get(
      `/api/invoices/:id/${kind}`,
      { schema: { tags, params: ZIdParams, response: problemResponses }, config: read },
      async (request, reply) =>
        sendFile(
          reply,
          await readInvoiceDocument(ctx, actorOf(request), request.params.id, kind),
          'attachment',
        ),
    );
  }
  api.delete(
    '/api/invoices/:id',
    { schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } }, config: write },
    async (request, reply) => {
      await deleteInvoice(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
