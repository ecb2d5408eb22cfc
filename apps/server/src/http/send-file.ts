import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { TFile } from '@pms/contract';

/** Sends a stored file with its type and a content-disposition naming it (in UTF-8 when it must). */
export function sendFile(
  reply: FastifyReply,
  { file, stream }: { file: TFile; stream: Readable },
  kind: 'inline' | 'attachment',
) {
  return reply
    .header('content-type', file.mimeType)
    .header('content-disposition', contentDisposition(file.name, { type: kind }))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(stream);
}
