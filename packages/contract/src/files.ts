import { z } from 'zod';
import { ZRecord, ZText } from './common.ts';

export const maxFileSize = 10 * 1024 * 1024;
export const allowedFileTypes = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'application/pdf': '.pdf',
} as const;

/** What a file is for; a logo must be an image. */
export const filePurposes = {
  logo: 'logo',
  signature: 'signature',
  idDocument: 'id_document',
  invoice: 'invoice',
} as const;
export const imageMimeTypes: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

export const ZUploadFileQuery = z.object({ purpose: ZText.max(50).optional() });

export const ZFile = ZRecord.extend({
  name: z.string(),
  purpose: z.string().nullable(),
  type: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type TFile = z.infer<typeof ZFile>;

export const ZFileUrl = z.object({ url: z.string(), expiresAt: z.string() });
export type TFileUrl = z.infer<typeof ZFileUrl>;
