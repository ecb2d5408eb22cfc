import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAccountingSettings,
  ZCreateSettingRequest,
  ZGeneralSettings,
  ZIdParams,
  ZPageQuery,
  ZPaged,
  ZSettingEntry,
  ZUpdateAccountingSettingsRequest,
  ZUpdateGeneralSettingsRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as service from './settings.service.ts';

const tags = ['settings'];

export function registerSettingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Before the first request: a wrong SECRET_KEY stops the start, and clear secrets get sealed.
  app.addHook('onReady', () => service.prepareSecretSettings(ctx.db, ctx.secrets));

  api.get(
    '/api/settings/general',
    {
      schema: { tags, response: { 200: ZGeneralSettings, ...problemResponses } },
      config: { access: ['settings', 'read'] },
    },
    async (request) => service.getGeneralSettings(ctx, actorOf(request)),
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
    async (request) => service.updateGeneralSettings(ctx, actorOf(request), request.body),
  );

  api.get(
    '/api/settings/accounting',
    {
      schema: { tags, response: { 200: ZAccountingSettings, ...problemResponses } },
      config: { access: ['settings', 'read'] },
    },
    async (request) => service.getAccountingSettings(ctx, actorOf(request)),
  );

  api.patch(
    '/api/settings/accounting',
    {
      schema: {
        tags,
        body: ZUpdateAccountingSettingsRequest,
        response: { 200: ZAccountingSettings, ...problemResponses },
      },
      config: { access: ['settings', 'write'] },
    },
    async (request) => service.updateAccountingSettings(ctx, actorOf(request), request.body),
  );

  api.post(
    '/api/settings',
    {
      schema: { tags, body: ZCreateSettingRequest, response: { 201: ZSettingEntry, ...problemResponses } },
      config: { access: ['advancedSettings', 'write'] },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createSetting(ctx, actorOf(request), request.body)),
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
    async (request) => service.listSettings(ctx, actorOf(request), request.query),
  );

  api.delete(
    '/api/settings/:id',
    {
      schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } },
      config: { access: ['advancedSettings', 'write'] },
    },
    async (request, reply) => {
      await service.deleteSetting(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
