import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateSettingRequest,
  ZGeneralSettings,
  ZIdParams,
  ZPageQuery,
  ZPaged,
  ZSettingEntry,
  ZUpdateGeneralSettingsRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { problemResponses } from '../../plugins/openapi.ts';
import * as service from './settings.service.ts';

const tags = ['settings'];

export function registerSettingRoutes(app: FastifyInstance, { db, secrets }: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Before the first request: a wrong SECRET_KEY stops the start, and clear secrets get sealed.
  app.addHook('onReady', () => service.prepareSecretSettings(db, secrets));

  api.get(
    '/api/settings/general',
    {
      schema: { tags, response: { 200: ZGeneralSettings, ...problemResponses } },
      config: { access: ['settings', 'read'] },
    },
    async (request) => service.getGeneralSettings(db, authOf(request).propertyId),
  );

  api.patch(
    '/api/settings/general',
    {
      schema: {
        tags,
        body: ZUpdateGeneralSettingsRequest,
        response: { 200: ZGeneralSettings, ...problemResponses },
      },
      config: { access: ['settings', 'write'] },
    },
    async (request) => service.updateGeneralSettings(db, authOf(request), request.body),
  );

  api.post(
    '/api/settings',
    {
      schema: { tags, body: ZCreateSettingRequest, response: { 201: ZSettingEntry, ...problemResponses } },
      config: { access: ['advancedSettings', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createSetting(db, secrets, authOf(request), request.body)),
  );

  api.get(
    '/api/settings',
    {
      schema: {
        tags,
        querystring: ZPageQuery,
        response: { 200: ZPaged(ZSettingEntry), ...problemResponses },
      },
      config: { access: ['advancedSettings', 'read'] },
    },
    async (request) => service.listSettings(db, authOf(request), request.query),
  );

  api.delete(
    '/api/settings/:id',
    {
      schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['advancedSettings', 'write'] },
    },
    async (request, reply) => {
      await service.deleteSetting(db, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
