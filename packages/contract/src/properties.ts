import { z } from 'zod';
import { ZAddress } from './addresses.ts';
import { ZBranding } from './branding.ts';
import { ZCommunication, ZId, ZInteger, ZPropertyCountry, ZRecord, ZText, ZTime } from './common.ts';

export const ZBank = z.object({
  name: ZText.max(200).nullish(),
  iban: ZText.max(34).nullish(),
  bic: ZText.max(11).nullish(),
});

export const ZCompany = z.object({
  name: ZText.max(200).nullish(),
  managingDirector: ZText.max(200).nullish(),
  registerNumber: ZText.max(100).nullish(),
  /** The court keeping the register: Firmenbuchgericht (AT), Registergericht (DE). */
  registerCourt: ZText.max(200).nullish(),
  taxNumber: ZText.max(100).nullish(),
  vatNumber: ZText.max(100).nullish(),
  costCenter: ZText.max(100).nullish(),
});

/** The JSON-encoded palette as a request sends it; parsePalette reads it leniently. */
const ZPrimaryColorInput = ZText.max(1000).nullable().optional();

const propertyFields = {
  name: ZText.trim().min(1).max(200),
  slug: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase letters, digits and dashes')
    .max(100),
  timeZone: z.string().refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'unknown time zone'),
  currency: z.string().regex(/^[A-Z]{3}$/),
  checkInTime: ZTime,
  checkOutTime: ZTime,
  communication: ZCommunication,
  address: ZAddress.extend({ country: ZPropertyCountry.nullish() }),
  bank: ZBank,
  company: ZCompany,
  bookingCodePrefix: ZText.max(10),
  bookingCodeSuffix: ZText.max(10),
  invoicePrefix: ZText.max(20),
  nextInvoiceNumber: ZInteger.min(1),
  /** Days an invoice with money open gives to pay it (its due date is the issue date plus these). */
  paymentTermDays: ZInteger.min(0).max(365),
  /** Days a payment reminder or dunning letter gives to pay. */
  reminderTermDays: ZInteger.min(1).max(90),
};

export const ZProperty = ZRecord.extend({
  ...propertyFields,
  branding: ZBranding,
});
export type TProperty = z.infer<typeof ZProperty>;

export const ZCreatePropertyRequest = z.object({
  name: propertyFields.name,
  slug: propertyFields.slug.optional(),
  timeZone: propertyFields.timeZone.default('Europe/Vienna'),
  currency: propertyFields.currency.default('EUR'),
  checkInTime: ZTime.default('15:00'),
  checkOutTime: ZTime.default('11:00'),
  communication: ZCommunication.default({}),
  address: propertyFields.address.default({}),
  bank: ZBank.default({}),
  company: ZCompany.default({}),
  bookingCodePrefix: propertyFields.bookingCodePrefix.default(''),
  bookingCodeSuffix: propertyFields.bookingCodeSuffix.default(''),
  invoicePrefix: propertyFields.invoicePrefix.default(''),
  nextInvoiceNumber: propertyFields.nextInvoiceNumber.default(1),
  paymentTermDays: propertyFields.paymentTermDays.default(14),
  reminderTermDays: propertyFields.reminderTermDays.default(10),
  branding: z.object({ logoId: ZId.nullable().optional(), primaryColor: ZPrimaryColorInput }).default({}),
});
export type TCreatePropertyRequest = z.input<typeof ZCreatePropertyRequest>;

export const ZUpdatePropertyRequest = z
  .object({
    ...propertyFields,
    branding: z.object({ logoId: ZId.nullable().optional(), primaryColor: ZPrimaryColorInput }),
  })
  .partial();
export type TUpdatePropertyRequest = z.infer<typeof ZUpdatePropertyRequest>;
