import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZBaseData } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as service from './base-data.service.ts';
import { registerRoomTypeRoutes } from './room-types.routes.ts';
import { registerRoomRoutes } from './rooms.routes.ts';
import { registerTaxRateRoutes } from './tax-rates.routes.ts';
import { registerItemRoutes } from './items.routes.ts';
import { registerPaymentMethodRoutes } from './payment-methods.routes.ts';
import { registerRateRoutes } from './rates.routes.ts';

/** Room types, rooms, tax rates, items, payment methods, rates, and all of them in one call. */
export function registerBaseDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/base_data',
    {
      schema: { tags: ['base data'], response: { 200: ZBaseData, ...problemResponses } },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => service.getBaseData(ctx, actorOf(request)),
  );

  registerRoomTypeRoutes(app, ctx);
  registerRoomRoutes(app, ctx);
  registerTaxRateRoutes(app, ctx);
  registerItemRoutes(app, ctx);
  registerPaymentMethodRoutes(app, ctx);
  registerRateRoutes(app, ctx);
}
