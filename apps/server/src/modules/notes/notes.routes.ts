import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateNoteRequest,
  ZIdParams,
  ZNote,
  ZNoteParams,
  ZPageQuery,
  ZPaged,
  type TNoteObjectType,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import * as service from './notes.service.ts';

const tags = ['notes'];

/** The collections whose records carry notes, by the path they live under. */
const notePaths: Record<string, TNoteObjectType> = {
  bookings: 'booking',
  contacts: 'contact',
  groups: 'group',
  invoices: 'invoice',
};

export function registerNoteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const [path, objectType] of Object.entries(notePaths)) {
    const { area } = service.noteObjects[objectType];

    api.get(
      `/api/${path}/:id/notes`,
      {
        schema: {
          tags,
          params: ZIdParams,
          querystring: ZPageQuery,
          response: { 200: ZPaged(ZNote), ...problemResponses },
        },
        config: { access: [area, 'read'] },
      },
      async (request) =>
        service.listNotes(ctx, actorOf(request), objectType, request.params.id, request.query),
    );

    api.post(
      `/api/${path}/:id/notes`,
      {
        schema: {
          tags,
          params: ZIdParams,
          body: ZCreateNoteRequest,
          response: { 201: ZNote, ...problemResponses },
        },
        config: { access: [area, 'write'] },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.createNote(ctx, actorOf(request), objectType, request.params.id, request.body)),
    );
  }

  api.delete(
    '/api/notes/:noteId',
    {
      schema: { tags, params: ZNoteParams, response: { 204: z.null(), ...problemResponses } },
      // The area depends on the note's object: the service checks it once the note is found.
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      await service.deleteNote(ctx, actorOf(request), request.params.noteId);
      return reply.status(204).send(null);
    },
  );
}
