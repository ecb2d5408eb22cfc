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
import { authOf } from '../../plugins/auth.ts';
import { problemResponses } from '../../plugins/openapi.ts';
import * as membership from './group-bookings.service.ts';
import * as service from './groups.service.ts';

const tags = ['groups'];

export function registerGroupRoutes(app: FastifyInstance, { db }: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/groups',
    {
      schema: { tags, querystring: ZGroupListQuery, response: { 200: ZPaged(ZGroup), ...problemResponses } },
      config: { access: ['groups', 'read'] },
    },
    async (request) => service.listGroups(db, authOf(request), request.query),
  );

  api.post(
    '/api/groups',
    {
      schema: { tags, body: ZCreateGroupRequest, response: { 201: ZGroup, ...problemResponses } },
      config: { access: ['groups', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createGroup(db, authOf(request), request.body)),
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
    async (request) => service.getGroup(db, authOf(request), request.params.id, request.query.expand),
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
    async (request) => service.updateGroup(db, authOf(request), request.params.id, request.body),
  );

  api.delete(
    '/api/groups/:id',
    {
      schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['groups', 'write'] },
    },
    async (request, reply) => {
      await service.deleteGroup(db, authOf(request), request.params.id);
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
    async (request) => membership.addGroupBooking(db, authOf(request), request.params.id, request.body),
  );

  api.delete(
    '/api/groups/:id/bookings/:bookingId',
    {
      schema: { tags, params: ZGroupBookingParams, response: { 200: ZGroup, ...problemResponses } },
      config: { access: ['groups', 'write'] },
    },
    async (request) =>
      membership.removeGroupBooking(db, authOf(request), request.params.id, request.params.bookingId),
  );
}
