import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCashBook,
  ZCashBookQuery,
  ZCashDayClose,
  ZCashMovementRequest,
  ZCashRegister,
  ZCashShift,
  ZCloseDayRequest,
  ZCloseShiftRequest,
  ZCreateCashRegisterRequest,
  ZFiscalExportQuery,
  ZFiscalReceipt,
  ZIdParams,
  ZReceiptPdfQuery,
  ZReviewShiftRequest,
  ZSendMailRequest,
  ZMailMessage,
  ZUpdateCashRegisterRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import {
  addCashMovement,
  closeDay,
  closeShift,
  getCashBook,
  openShift,
  reviewShift,
} from './cash-book.service.ts';
import {
  createCashRegister,
  getCashRegister,
  listCashRegisters,
  updateCashRegister,
} from './cash-registers.service.ts';
import {
  exportDep,
  exportTse,
  getReceipt,
  printReceipt,
  renderZReport,
  sendReceipt,
} from './receipts.service.ts';

const tags = ['cash registers'];
const file = (description: string) => z.any().describe(description);

export function registerCashRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/cash_registers',
    {
      schema: { tags, response: { 200: z.array(ZCashRegister), ...problemResponses } },
      config: { access: ['cashRegisters', 'read'] },
    },
    async (request) => listCashRegisters(ctx, actorOf(request)),
  );
  api.post(
    '/api/cash_registers',
    {
      schema: {
        tags,
        body: ZCreateCashRegisterRequest,
        response: { 201: ZCashRegister, ...problemResponses },
      },
      config: { access: ['cashRegisters', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await createCashRegister(ctx, actorOf(request), request.body)),
  );
  api.get(
    '/api/cash_registers/:id',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZCashRegister, ...problemResponses } },
      config: { access: ['cashRegisters', 'read'] },
    },
    async (request) => getCashRegister(ctx, actorOf(request), request.params.id),
  );
  api.patch(
    '/api/cash_registers/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateCashRegisterRequest,
        response: { 200: ZCashRegister, ...problemResponses },
      },
      config: { access: ['cashRegisters', 'write'] },
    },
    async (request) => updateCashRegister(ctx, actorOf(request), request.params.id, request.body),
  );

  api.get(
    '/api/cash_registers/:id/book',
    {
      schema: {
        tags,
        description:
          'The cash book of a period: movements with the running balance, shifts, day closes and receipts.',
        params: ZIdParams,
        querystring: ZCashBookQuery,
        response: { 200: ZCashBook, ...problemResponses },
      },
      config: { access: ['cashBook', 'read'] },
    },
    async (request) => getCashBook(ctx, actorOf(request), request.params.id, request.query),
  );
  api.post(
    '/api/cash_registers/:id/shifts',
    {
      schema: {
        tags,
        description: 'Opens the drawer for a shift.',
        params: ZIdParams,
        response: { 201: ZCashRegister, ...problemResponses },
      },
      config: { access: ['cashBook', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await openShift(ctx, actorOf(request), request.params.id)),
  );
  api.post(
    '/api/cash_registers/:id/shifts/close',
    {
      schema: {
        tags,
        description:
          'Closes the open shift with the counted drawer; a difference is booked and kept for review.',
        params: ZIdParams,
        body: ZCloseShiftRequest,
        response: { 200: ZCashShift, ...problemResponses },
      },
      config: { access: ['cashBook', 'write'] },
    },
    async (request) => closeShift(ctx, actorOf(request), request.params.id, request.body),
  );
  api.post(
    '/api/cash_registers/:id/movements',
    {
      schema: {
        tags,
        description: 'Money put into (deposit) or taken out of (withdrawal) the drawer, with the reason.',
        params: ZIdParams,
        body: ZCashMovementRequest,
        response: { 201: ZCashRegister, ...problemResponses },
      },
      config: { access: ['cashBook', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await addCashMovement(ctx, actorOf(request), request.params.id, request.body)),
  );
  api.post(
    '/api/cash_registers/:id/day_closes',
    {
      schema: {
        tags,
        description:
          'Closes a business day (today when none is named): no cash movement can be booked on it after.',
        params: ZIdParams,
        body: ZCloseDayRequest,
        response: { 201: ZCashDayClose, ...problemResponses },
      },
      config: { access: ['cashBook', 'write'] },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await closeDay(ctx, actorOf(request), request.params.id, request.body.businessDate)),
  );
  api.get(
    '/api/cash_day_closes/:id/pdf',
    {
      schema: {
        tags,
        description: 'The Z report (PDF).',
        params: ZIdParams,
        response: { 200: file('application/pdf'), ...problemResponses },
      },
      config: { access: ['cashBook', 'read'] },
    },
    async (request, reply) => {
      const pdf = await renderZReport(ctx, actorOf(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('z-report.pdf', { type: 'inline' }))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
  api.post(
    '/api/cash_shifts/:id/review',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZReviewShiftRequest,
        response: { 200: ZCashShift, ...problemResponses },
      },
      config: { access: ['cashReview', 'write'] },
    },
    async (request) => reviewShift(ctx, actorOf(request), request.params.id, request.body.note),
  );

  api.get(
    '/api/fiscal_receipts/:id',
    {
      schema: { tags, params: ZIdParams, response: { 200: ZFiscalReceipt, ...problemResponses } },
      config: { access: ['cashBook', 'read'] },
    },
    async (request) => getReceipt(ctx, actorOf(request), request.params.id),
  );
  api.get(
    '/api/fiscal_receipts/:id/pdf',
    {
      schema: {
        tags,
        description:
          'The receipt (PDF, A4 or 80 mm roll). The first print is the original; later ones say COPY.',
        params: ZIdParams,
        querystring: ZReceiptPdfQuery,
        response: { 200: file('application/pdf'), ...problemResponses },
      },
      config: { access: ['cashBook', 'read'] },
    },
    async (request, reply) => {
      const { pdf, row } = await printReceipt(ctx, actorOf(request), request.params.id, request.query.format);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(`receipt-${row.number}.pdf`, { type: 'inline' }))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  api.post(
    '/api/fiscal_receipts/:id/send',
    {
      schema: {
        tags,
        description:
          'E-mails the receipt (PDF) to the address given, in the language asked (else the user’s).',
        params: ZIdParams,
        body: ZSendMailRequest,
        response: { 202: ZMailMessage, ...problemResponses },
      },
      config: { access: ['cashBook', 'write'] },
    },
    async (request, reply) =>
      reply.status(202).send(await sendReceipt(ctx, actorOf(request), request.params.id, request.body)),
  );

  api.get(
    '/api/cash_registers/:id/dep',
    {
      schema: {
        tags,
        description: 'The RKSV DEP export (JSON) of an Austrian register for a period, for the tax office.',
        params: ZIdParams,
        querystring: ZFiscalExportQuery,
        response: { 200: file('application/json'), ...problemResponses },
      },
      config: { access: ['fiscalExports', 'read'] },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const chunks = await exportDep(ctx, actorOf(request), request.params.id, request.query);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', contentDisposition(`dep-${from}-${to}.json`))
        .header('cache-control', 'private, no-store')
        .send(Readable.from(chunks));
    },
  );
  api.get(
    '/api/cash_registers/:id/tse_export',
    {
      schema: {
        tags,
        description: 'The TSE export (TAR) of a German register for a period, for a tax audit.',
        params: ZIdParams,
        querystring: ZFiscalExportQuery,
        response: { 200: file('application/x-tar'), ...problemResponses },
      },
      config: { access: ['fiscalExports', 'read'] },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const tar = await exportTse(ctx, actorOf(request), request.params.id, request.query);
      return reply
        .header('content-type', 'application/x-tar')
        .header('content-disposition', contentDisposition(`tse-export-${from}-${to}.tar`))
        .header('cache-control', 'private, no-store')
        .send(tar);
    },
  );
}
