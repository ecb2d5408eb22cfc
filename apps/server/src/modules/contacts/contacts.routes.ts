import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZContact,
  ZContactBooking,
  ZContactDocument,
  ZContactFileParams,
  ZLinkContactFileQuery,
  ZInvoiceSummary,
  ZContactListQuery,
  ZCreateContactRequest,
  ZExpandQuery,
  ZFile,
  ZFileUrl,
  ZIdParams,
  ZPageQuery,
  ZPaged,
  ZPatchContactRequest,
  ZRevealFileRequest,
  ZUpdateContactRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as service from './contacts.service.ts';
import { confirmContactDocument, revealContactDocument } from './contact-documents.service.ts';
import { changeContact } from '../../flows/contact-change.flow.ts';

const tags = ['contacts'];

export function registerContactRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/contacts',
    {
      schema: {
        tags,
        querystring: ZContactListQuery,
        response: { 200: ZPaged(ZContact), ...problemResponses },
      },
      config: { access: ['contacts', 'read'] },
    },
    async (request) => service.listContacts(ctx, actorOf(request), request.query),
  );

  api.post(
    '/api/contacts',
    {
      schema: { tags, body: ZCreateContactRequest, response: { 201: ZContact, ...problemResponses } },
      config: { access: ['contacts', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createContact(ctx, actorOf(request), request.body)),
  );

  api.get(
    '/api/contacts/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZExpandQuery,
        response: { 200: ZContact, ...problemResponses },
      },
      config: { access: ['contacts', 'read'] },
    },
    async (request) => service.getContact(ctx, actorOf(request), request.params.id, request.query.expand),
  );

  api.put(
    '/api/contacts/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateContactRequest,
        response: { 200: ZContact, ...problemResponses },
      },
      config: { access: ['contacts', 'write'] },
    },
    async (request) => changeContact(ctx, actorOf(request), request.params.id, request.body),
  );

  api.patch(
    '/api/contacts/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZPatchContactRequest,
        response: { 200: ZContact, ...problemResponses },
      },
      config: { access: ['contacts', 'write'] },
    },
    async (request) => changeContact(ctx, actorOf(request), request.params.id, request.body),
  );

  api.delete(
    '/api/contacts/:id',
    {
      schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['contacts', 'write'] },
    },
    async (request, reply) => {
      await service.deleteContact(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/contacts/:id/bookings',
    {
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZPageQuery,
        response: { 200: ZPaged(ZContactBooking), ...problemResponses },
      },
      config: { access: ['contacts', 'read'] },
    },
    async (request) => service.listContactBookings(ctx, actorOf(request), request.params.id, request.query),
  );

  api.get(
    '/api/contacts/:id/invoices',
    {
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZPageQuery,
        response: { 200: ZPaged(ZInvoiceSummary), ...problemResponses },
      },
      config: { access: ['contacts', 'read'] },
    },
    async (request) => service.listContactInvoices(ctx, actorOf(request), request.params.id, request.query),
  );

  api.get(
    '/api/contacts/:id/files',
    {
      schema: {
        tags,
        params: ZIdParams,
        response: { 200: z.object({ data: z.array(ZContactDocument) }), ...problemResponses },
      },
      config: { access: ['contacts', 'read'] },
    },
    async (request) => ({ data: await service.listContactFiles(ctx, actorOf(request), request.params.id) }),
  );

  api.post(
    '/api/contacts/:id/files/:fileId',
    {
      schema: {
        tags,
        params: ZContactFileParams,
        querystring: ZLinkContactFileQuery,
        response: { 201: ZFile, ...problemResponses },
      },
      config: { access: ['contacts', 'write'] },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.linkContactFile(
            ctx,
            actorOf(request),
            request.params.id,
            request.params.fileId,
            request.query.bookingId,
          ),
        ),
  );

  api.post(
    '/api/contacts/:id/files/:fileId/confirm',
    {
      schema: { tags, params: ZContactFileParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['contacts', 'write'] },
    },
    async (request, reply) => {
      await confirmContactDocument(ctx, actorOf(request), request.params.id, request.params.fileId);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/contacts/:id/files/:fileId/reveal',
    {
      schema: {
        tags,
        params: ZContactFileParams,
        body: ZRevealFileRequest,
        response: { 200: ZFileUrl, ...problemResponses },
      },
      config: { access: ['contacts', 'read'] },
    },
    async (request) =>
      revealContactDocument(ctx, actorOf(request), request.params.id, request.params.fileId, request.body),
  );

  api.delete(
    '/api/contacts/:id/files/:fileId',
    {
      schema: { tags, params: ZContactFileParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['contacts', 'write'] },
    },
    async (request, reply) => {
      await service.unlinkContactFile(ctx, actorOf(request), request.params.id, request.params.fileId);
      return reply.status(204).send(null);
    },
  );
}
