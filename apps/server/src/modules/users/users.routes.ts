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
import { authOf } from '../../plugins/auth.ts';
import { problemResponses } from '../../plugins/openapi.ts';
import * as service from './users.service.ts';

const tags = ['users'];

export function registerUserRoutes(app: FastifyInstance, { db }: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/users',
    {
      schema: { tags, querystring: ZPageQuery, response: { 200: ZPaged(ZTeamUser), ...problemResponses } },
      config: { access: ['team', 'read'] },
    },
    async (request) => service.listTeam(db, authOf(request), request.query),
  );

  api.post(
    '/api/users',
    {
      schema: { tags, body: ZCreateUserRequest, response: { 201: ZCreateUserResponse, ...problemResponses } },
      config: { access: ['team', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.addTeamUser(db, authOf(request), request.body)),
  );

  api.delete(
    '/api/users/:id',
    {
      schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['team', 'write'] },
    },
    async (request, reply) => {
      await service.removeTeamUser(db, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
