import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZPageQuery,
  ZPaged,
  ZRetentionLogEntry,
  ZRetentionRecordParams,
  ZRetentionRule,
  ZUpdateRetentionRuleRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { getRetentionRules, listRetentionLog, updateRetentionRule } from './retention-rules.service.ts';

const tags = ['privacy'];

/** The retention rules and the retention log: admins only (decision 193). */
export function registerRetentionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/retention_rules',
    {
      schema: { tags, response: { 200: z.object({ data: z.array(ZRetentionRule) }), ...problemResponses } },
      config: { access: ['privacy', 'read'] },
    },
    async (request) => ({ data: await getRetentionRules(ctx, actorOf(request)) }),
  );

  api.put(
    '/api/retention_rules/:record',
    {
      schema: {
        tags,
        params: ZRetentionRecordParams,
        body: ZUpdateRetentionRuleRequest,
        response: { 200: ZRetentionRule, ...problemResponses },
      },
      config: { access: ['privacy', 'write'] },
    },
    async (request) => updateRetentionRule(ctx, actorOf(request), request.params.record, request.body),
  );

  api.get(
    '/api/retention_log',
    {
      schema: {
        tags,
        querystring: ZPageQuery,
        response: { 200: ZPaged(ZRetentionLogEntry), ...problemResponses },
      },
      config: { access: ['privacy', 'read'] },
    },
    async (request) => listRetentionLog(ctx, actorOf(request), request.query),
  );
}
