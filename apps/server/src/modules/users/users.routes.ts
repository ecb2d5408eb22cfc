import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateUserRequest,
  ZCreateUserResponse,
  ZIdParams,
  ZPageQuery,
  ZPaged,
  ZTeamUser,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as service from './users.service.ts';

const tags = ['users'];

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/users',
    {
      schema: { tags, querystring: ZPageQuery, response: { 200: ZPaged(ZTeamUser), ...problemResponses } },
      config: { access: ['team', 'read'] },
    },
    async (request) => service.listTeam(ctx, actorOf(request), request.query),
  );

  api.post(
    '/api/users',
    {
      schema: { tags, body: ZCreateUserRequest, response: { 201: ZCreateUserResponse, ...problemResponses } },
      config: { access: ['team', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.addTeamUser(ctx, actorOf(request), request.body)),
  );

  api.delete(
    '/api/users/:id',
    {
      schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['team', 'write'] },
    },
    async (request, reply) => {
      await service.removeTeamUser(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
