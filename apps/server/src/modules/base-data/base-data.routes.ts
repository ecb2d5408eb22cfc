import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZBaseData } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { problemResponses } from '../../plugins/openapi.ts';
import * as service from './base-data.service.ts';
import { registerRoomTypeRoutes } from './room-types.routes.ts';
import { registerRoomRoutes } from './rooms.routes.ts';
import { registerTaxRateRoutes } from './tax-rates.routes.ts';
import { registerItemRoutes } from './items.routes.ts';
import { registerPaymentMethodRoutes } from './payment-methods.routes.ts';
import { registerRateRoutes } from './rates.routes.ts';

/** Room types, rooms, tax rates, items, payment methods, rates, and all of them in one call. */
export function registerBaseDataRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  api.get(
    '/api/base_data',
    {
      schema: { tags: ['base data'], response: { 200: ZBaseData, ...problemResponses } },
      config: { access: ['baseData', 'read'] },
    },
    async (request) => service.getBaseData(db, authOf(request)),
  );

  registerRoomTypeRoutes(app, context);
  registerRoomRoutes(app, context);
  registerTaxRateRoutes(app, context);
  registerItemRoutes(app, context);
  registerPaymentMethodRoutes(app, context);
  registerRateRoutes(app, context);
}
