import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZRoomPlan, ZRoomPlanQuery } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf, todayOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { keptAnswerRouteOptions } from '../../performance/answer-cache.ts';
import { getRoomPlan } from './room-plan.service.ts';

export function registerRoomPlanRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/room_plan',
    {
      schema: {
        tags: ['room plan'],
        querystring: ZRoomPlanQuery,
        response: { 200: ZRoomPlan, ...problemResponses },
      },
      config: { access: ['roomPlan', 'read'] },
      ...keptAnswerRouteOptions,
    },
    async (request, reply) => {
      const { from, to } = request.query;
      // The plan names the property's today: a new day is a new plan.
      const today = todayOf(ctx, request);
      return app.answers.send(request, reply, () => getRoomPlan(ctx, actorOf(request), { from, to, today }), {
        varies: [today],
      });
    },
  );
}
