import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddGroupBookingRequest,
  ZCreateGroupRequest,
  ZGroupBookingParams,
  ZExpandQuery,
  ZGroup,
  ZGroupListQuery,
  ZIdParams,
  ZPaged,
  ZUpdateGroupRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as membership from './group-bookings.service.ts';
import * as service from './groups.service.ts';

const tags = ['groups'];

export function registerGroupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/groups',
    {
      schema: { tags, querystring: ZGroupListQuery, response: { 200: ZPaged(ZGroup), ...problemResponses } },
      config: { access: ['groups', 'read'] },
    },
    async (request) => service.listGroups(ctx, actorOf(request), request.query),
  );

  api.post(
    '/api/groups',
    {
      schema: { tags, body: ZCreateGroupRequest, response: { 201: ZGroup, ...problemResponses } },
      config: { access: ['groups', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createGroup(ctx, actorOf(request), request.body)),
  );

  api.get(
    '/api/groups/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZExpandQuery,
        response: { 200: ZGroup, ...problemResponses },
      },
      config: { access: ['groups', 'read'] },
    },
    async (request) => service.getGroup(ctx, actorOf(request), request.params.id, request.query.expand),
  );

  api.put(
    '/api/groups/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateGroupRequest,
        response: { 200: ZGroup, ...problemResponses },
      },
      config: { access: ['groups', 'write'] },
    },
    async (request) => service.updateGroup(ctx, actorOf(request), request.params.id, request.body),
  );

  api.delete(
    '/api/groups/:id',
    {
      schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['groups', 'write'] },
    },
    async (request, reply) => {
      await service.deleteGroup(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/groups/:id/bookings',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZAddGroupBookingRequest,
        response: { 200: ZGroup, ...problemResponses },
      },
      config: { access: ['groups', 'write'] },
    },
    async (request) => membership.addGroupBooking(ctx, actorOf(request), request.params.id, request.body),
  );

  api.delete(
    '/api/groups/:id/bookings/:bookingId',
    {
      schema: { tags, params: ZGroupBookingParams, response: { 200: ZGroup, ...problemResponses } },
      config: { access: ['groups', 'write'] },
    },
    async (request) =>
      membership.removeGroupBooking(ctx, actorOf(request), request.params.id, request.params.bookingId),
  );
}
