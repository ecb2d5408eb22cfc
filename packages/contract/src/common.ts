import { z } from 'zod';
import { isWithinAppYears, maxIsoDate, minIsoDate } from './dates.ts';
import { propertyCountries } from './locales.ts';
import { roles } from './permissions.ts';

export const ZId = z.uuid();

/** The largest value of a PostgreSQL integer column: counts, cents and numbers stay within it. */
export const maxInteger = 2_147_483_647;
/** A whole number the database's integer columns can hold. */
export const ZInteger = z
  .number()
  .int()
  .min(-maxInteger - 1)
  .max(maxInteger);

// A regular expression rather than String#isWellFormed: the guest portal runs on phones whose browsers
// predate it.
const unpairedSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Whether text can be stored and sent as UTF-8: no NUL character, no unpaired surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !unpairedSurrogate.test(value);
}
export const storableTextMessage = 'must not contain NUL characters or unpaired surrogates';
/** Every text a request carries: PostgreSQL refuses NUL, and unpaired surrogates have no UTF-8 form. */
export const ZText = z.string().refine(isStorableText, storableTextMessage);

export { maxIsoDate, minIsoDate } from './dates.ts';
/** A calendar date YYYY-MM-DD that exists (no February 30) within the years the app handles. */
export const ZIsoDate = z.iso.date().refine(isWithinAppYears, `a date from ${minIsoDate} to ${maxIsoDate}`);
export const ZTimestamp = z.string();
export const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');
export const ZRecord = z.object({
  id: ZId,
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  deletedAt: ZTimestamp.nullable(),
});

export const ZIdParams = z.object({ id: ZId });

export const ZExpandQuery = z.object({ expand: ZText.max(200).optional() });

/** Parses `?expand=a,b` into the set of relation names asked for. */
export function parseExpand(expand: string | undefined): Set<string> {
  return new Set(
    (expand ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );
}

export const ZCommunication = z.object({
  email: z.email().nullish().or(z.literal('')),
  invoiceEmail: z.email().nullish().or(z.literal('')),
  phone: ZText.max(50).nullish(),
  website: ZText.max(200).nullish(),
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

export const ZPropertyCountry = z.enum(propertyCountries);

export const ZRole = z.enum(roles);
