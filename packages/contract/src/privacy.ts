import { z } from 'zod';
import { ZId, ZRecord, ZTimestamp } from './common.ts';

// A guest's rights over their data (GDPR Art. 15 and 17): an export of everything that names them, and
// their erasure, which keeps only what a retention rule still holds.

export const personalDataExportStatuses = ['pending', 'running', 'done', 'failed', 'expired'] as const;
export const ZPersonalDataExportStatus = z.enum(personalDataExportStatuses);
export type TPersonalDataExportStatus = z.infer<typeof ZPersonalDataExportStatus>;

/** A file in the export's ZIP and its size in bytes. */
export const ZPersonalDataExportEntry = z.object({ name: z.string(), size: z.number().int() });
export type TPersonalDataExportEntry = z.infer<typeof ZPersonalDataExportEntry>;

export const ZPersonalDataExport = ZRecord.extend({
  contactId: ZId,
  status: ZPersonalDataExportStatus,
  /** How far the background job has come, 0 to 100. */
  progress: z.number().int(),
  entries: z.array(ZPersonalDataExportEntry),
  /** The ZIP's size in bytes, once made. */
  size: z.number().int().nullable(),
  /** The download works until then (set once the ZIP is made). */
  expiresAt: ZTimestamp.nullable(),
  requestedBy: z.string().nullable(),
});
export type TPersonalDataExport = z.infer<typeof ZPersonalDataExport>;

/** Why a record naming the erased person was kept. */
/** An issued invoice, a registration form inside its period, or the e-mail that sent a kept invoice. */
export const erasureKeptRecords = ['invoice', 'registration_form', 'message'] as const;
export const ZErasureKeptRecord = z.enum(erasureKeptRecords);

/** A record an erasure kept: which, by which rule (its legal reference), and until when it is held. */
export const ZErasureKept = z.object({
  record: ZErasureKeptRecord,
  id: ZId,
  /** What staff know it by: the invoice number or the booking code. */
  label: z.string(),
  reference: z.string(),
  /** The last day the rule holds it (null where no rule of the property's country names it). */
  heldUntil: z.string().nullable(),
});
export type TErasureKept = z.infer<typeof ZErasureKept>;

export const ZErasure = z.object({
  id: ZId,
  contactId: ZId,
  erasedAt: ZTimestamp,
  kept: z.array(ZErasureKept),
  /** How many files the erasure deleted (ID pictures, signatures, forms outside their period). */
  deletedFiles: z.number().int(),
  /** Who erased the data (null: the system, re-applying it after a restore). */
  erasedBy: z.string().nullable(),
});
export type TErasure = z.infer<typeof ZErasure>;

export const ZPersonalDataExportParams = z.object({ id: ZId });
