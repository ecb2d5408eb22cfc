import type { TProperty, TPropertyMembership, TRole } from '@pms/contract';
import { toRecord } from '../../lib/records.ts';
import type { properties } from '../../db/schema/index.ts';

type TPropertyRow = typeof properties.$inferSelect;

/** The API shape of a property row. */
export function toProperty(row: TPropertyRow): TProperty {
  return {
    ...toRecord(row),
    name: row.name,
    slug: row.slug,
    timeZone: row.timeZone,
    currency: row.currency,
    checkInTime: row.checkInTime,
    checkOutTime: row.checkOutTime,
    communication: row.communication,
    address: row.address as TProperty['address'],
    bank: row.bank,
    company: row.company,
    bookingCodePrefix: row.bookingCodePrefix,
    bookingCodeSuffix: row.bookingCodeSuffix,
    invoicePrefix: row.invoicePrefix,
    nextInvoiceNumber: row.nextInvoiceNumber,
    paymentTermDays: row.paymentTermDays,
    reminderTermDays: row.reminderTermDays,
    branding: {
      logoId: row.logoId,
      logo: row.logoId ? `/api/files/${row.logoId}/content` : null,
      primaryColor: row.primaryColor,
    },
  };
}

export function toPropertyMembership(row: TPropertyRow, roleId: TRole): TPropertyMembership {
  const property = toProperty(row);
  return {
    id: property.id,
    name: property.name,
    slug: property.slug,
    timeZone: property.timeZone,
    currency: property.currency,
    country: property.address.country ?? null,
    roleId,
    branding: property.branding,
  };
}
