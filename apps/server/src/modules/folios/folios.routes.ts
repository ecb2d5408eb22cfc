import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCreateFolioRequest,
  ZFolio,
  ZFolioEntryParams,
  ZFolioList,
  ZFolioListQuery,
  ZIdParams,
  ZMoveChargeRequest,
  ZPostAllowanceRequest,
  ZPostChargeRequest,
  ZPostPaymentRequest,
  ZUpdateChargeRequest,
  ZUpdateFolioRequest,
  ZVoidChargeRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { createFolio, getFolio, listFolios, updateFolio } from './folios.service.ts';
import { moveCharge, postAllowance, postCharge, updateCharge, voidCharge } from './folio-charges.service.ts';
import { deletePayment, postPayment } from './folio-payments.service.ts';

const tags = ['folios'];
const read = { access: ['folios', 'read'] } as const;
const write = { access: ['folios', 'write'] } as const;

export function registerFolioRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/folios',
    {
      schema: { tags, querystring: ZFolioListQuery, response: { 200: ZFolioList, ...problemResponses } },
      config: read,
    },
    async (request) => listFolios(ctx, actorOf(request), request.query),
  );
  api.post(
    '/api/folios',
    {
      schema: { tags, body: ZCreateFolioRequest, response: { 201: ZFolio, ...problemResponses } },
      config: write,
    },
    async (request, reply) => reply.status(201).send(await createFolio(ctx, actorOf(request), request.body)),
  );
  api.get(
    '/api/folios/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZFolio, ...problemResponses } }, config: read },
    async (request) => getFolio(ctx, actorOf(request), request.params.id),
  );
  api.patch(
    '/api/folios/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateFolioRequest,
        response: { 200: ZFolio, ...problemResponses },
      },
      config: write,
    },
    async (request) => updateFolio(ctx, actorOf(request), request.params.id, request.body),
  );
  api.post(
    '/api/folios/:id/charges',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZPostChargeRequest,
        response: { 201: ZFolio, ...problemResponses },
      },
      config: { access: ['charges', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await postCharge(ctx, actorOf(request), request.params.id, request.body)),
  );
  api.put(
    '/api/folios/:id/charges/:entryId',
    {
      schema: {
        tags,
        params: ZFolioEntryParams,
        body: ZUpdateChargeRequest,
        response: { 200: ZFolio, ...problemResponses },
      },
      config: write,
    },
    async (request) =>
      updateCharge(ctx, actorOf(request), request.params.id, request.params.entryId, request.body),
  );
  api.delete(
    '/api/folios/:id/charges/:entryId',
    {
      schema: {
        tags,
        params: ZFolioEntryParams,
        body: ZVoidChargeRequest,
        response: { 200: ZFolio, ...problemResponses },
      },
      config: write,
    },
    async (request) =>
      voidCharge(ctx, actorOf(request), request.params.id, request.params.entryId, request.body),
  );
  api.post(
    '/api/folios/:id/charges/:entryId/allowances',
    {
      schema: {
        tags,
        params: ZFolioEntryParams,
        body: ZPostAllowanceRequest,
        response: { 201: ZFolio, ...problemResponses },
      },
      config: write,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await postAllowance(ctx, actorOf(request), request.params.id, request.params.entryId, request.body),
        ),
  );
  api.post(
    '/api/folios/:id/charges/:entryId/move',
    {
      schema: {
        tags,
        params: ZFolioEntryParams,
        body: ZMoveChargeRequest,
        response: { 200: ZFolio, ...problemResponses },
      },
      config: write,
    },
    async (request) =>
      moveCharge(ctx, actorOf(request), request.params.id, request.params.entryId, request.body),
  );
  api.post(
    '/api/folios/:id/payments',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZPostPaymentRequest,
        response: { 201: ZFolio, ...problemResponses },
      },
      config: write,
    },
    async (request, reply) =>
      reply.status(201).send(await postPayment(ctx, actorOf(request), request.params.id, request.body)),
  );
  api.post(
    '/api/folios/:id/refunds',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZPostPaymentRequest,
        response: { 201: ZFolio, ...problemResponses },
      },
      config: write,
    },
    async (request, reply) =>
      reply.status(201).send(
        await postPayment(ctx, actorOf(request), request.params.id, request.body, {
          isRefund: true,
        }),
      ),
  );
  api.delete(
    '/api/folios/:id/payments/:entryId',
    {
      schema: { tags, params: ZFolioEntryParams, response: { 200: ZFolio, ...problemResponses } },
      config: write,
    },
    async (request) => deletePayment(ctx, actorOf(request), request.params.id, request.params.entryId),
  );
}
