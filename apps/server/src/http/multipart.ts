import type { FastifyError, FastifyRequest } from 'fastify';
import { AppError, invalidField } from '../errors.ts';

/**
 * The one file part of a multipart upload, under the field name the call expects; a body the
 * multipart parser cannot read is the client's error.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  field = 'file',
): Promise<{ name: string; content: Buffer }> {
  if (!request.isMultipart()) throw invalidField('body', 'send the file as multipart/form-data');
  try {
    const part = await request.file();
    if (part?.fieldname !== field)
      throw invalidField(`body/${field}`, `a multipart part named ${field} is required`);
    return { name: part.filename, content: await part.toBuffer() };
  } catch (error) {
    // The plugin's own errors carry their status (413 for a file over the limit); busboy's do not.
    if (error instanceof AppError || (error as FastifyError).statusCode) throw error;
    throw invalidField(`body/${field}`, `the multipart body is malformed: ${(error as Error).message}`);
  }
}
