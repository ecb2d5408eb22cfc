import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'PMS API',
        description:
          'Hotel property management and guest portal API. Errors are RFC 9457 problem details whose type is the error code.',
        version,
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'pms_session' },
          apiKey: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
}
