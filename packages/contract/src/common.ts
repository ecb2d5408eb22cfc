import { z } from 'zod';

export const ZId = z.uuid();
export const ZIsoDate = z.iso.date();
export const ZTimestamp = z.string();
export const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');
export const ZCountry = z.string().regex(/^[a-z]{2}$/, 'two-letter lowercase country code');

export const ZRecord = z.object({
  id: ZId,
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  deletedAt: ZTimestamp.nullable(),
});

export const ZIdParams = z.object({ id: ZId });

export const ZExpandQuery = z.object({ expand: z.string().optional() });

/** Parses `?expand=a,b` into the set of relation names asked for. */
export function parseExpand(expand: string | undefined): Set<string> {
  return new Set(
    (expand ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );
}

export const ZAddress = z.object({
  line1: z.string().max(200).nullish(),
  line2: z.string().max(200).nullish(),
  postalCode: z.string().max(20).nullish(),
  city: z.string().max(100).nullish(),
  state: z.string().max(100).nullish(),
  country: ZCountry.nullish(),
});
export type TAddress = z.infer<typeof ZAddress>;

export const ZCommunication = z.object({
  email: z.email().nullish().or(z.literal('')),
  invoiceEmail: z.email().nullish().or(z.literal('')),
  phone: z.string().max(50).nullish(),
  website: z.string().max(200).nullish(),
});
export type TCommunication = z.infer<typeof ZCommunication>;

export const ZProblem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Values the client's message for this type names (room number, occupancy, ...). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type TProblem = z.infer<typeof ZProblem>;
