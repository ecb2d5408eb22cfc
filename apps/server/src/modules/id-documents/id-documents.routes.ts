import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdDocumentAnalysis, ZProblem } from '@pms/contract';
import type { TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { readUploadedFile } from '../../http/multipart.ts';
import { actorOf, guestOf } from '../../http/request-actor.ts';
import { analyzeIdDocument } from './id-documents.service.ts';

const schema = {
  tags: ['id-documents'],
  consumes: ['multipart/form-data'],
  response: {
    200: ZIdDocumentAnalysis,
    ...problemResponses,
    410: ZProblem,
    413: ZProblem,
    415: ZProblem,
    503: ZProblem,
  },
};

/**
 * The id analysis (multipart, part `file`): for staff who may edit contacts, and beside the portal's
 * other calls for the guest of a booking link (portal routes answer to the Link-Id header alone).
 */
export function registerIdDocumentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const analyze = (actor: (request: FastifyRequest) => TActor) => async (request: FastifyRequest) => {
    const { content } = await readUploadedFile(request);
    return analyzeIdDocument(ctx, actor(request), content);
  };
  api.post('/api/ids/analyze', { schema, config: { access: ['contacts', 'write'] } }, analyze(actorOf));
  api.post('/api/portal/ids/analyze', { schema, config: { access: 'portal' } }, analyze(guestOf));
}
