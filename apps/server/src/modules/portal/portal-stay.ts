import {
  missingRegistrationFields,
  nightsBetween,
  portalWindow,
  registrationFormKind,
  type TPortalBooking,
  type TPortalGeneralSettings,
  type TPortalGuest,
  type TRegistrationGuest,
} from '@pms/contract';
import type { TGuestActor } from '../../actor.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { findProperty, type TPropertyRow } from '../../lib/properties.ts';
import { settledStatuses } from '../../flows/check-in.flow.ts';
import { toFile } from '../files/index.ts';
import {
  selectBookingGuests,
  selectContactFileRows,
  selectGeneralSettings,
  selectPortalBooking,
  selectPropertyFile,
} from './portal.queries.ts';

// The link's booking as the portal's use cases read it: the stay, its guests, the settings.

type TPortalBookingRow = NonNullable<Awaited<ReturnType<typeof selectPortalBooking>>>;

export async function findPortalBooking(
  db: Executor,
  actor: TGuestActor,
  lock = false,
): Promise<TPortalBookingRow> {
  const row = await selectPortalBooking(db, actor.propertyId, actor.bookingId, lock);
  if (!row) throw notFound('booking');
  return row;
}

/** The portal's features and the property info link, with their defaults. */
export async function loadSettings(db: Executor, propertyId: string): Promise<TPortalGeneralSettings> {
  const row = await selectGeneralSettings(db, propertyId);
  return {
    featurePreCheckIn: row?.featurePreCheckIn ?? true,
    featurePayment: row?.featurePayment ?? true,
    featureCheckInJack: row?.featureCheckInJack ?? false,
    propertyInfoUrl: row?.propertyInfoUrl ?? null,
  };
}

/**
 * The booking's guests with the documents handed in for this booking, and what each still lacks in the
 * property's country.
 */
export async function loadGuests(
  db: Executor,
  property: TPropertyRow,
  bookingId: string,
): Promise<TPortalGuest[]> {
  const rows = await selectBookingGuests(db, bookingId);
  const fileRows = await selectContactFileRows(
    db,
    bookingId,
    rows.map((row) => row.contact.id),
  );
  return rows.map(({ contact, isPrimary, isFamilyMember }) => {
    const guestFiles = fileRows.filter((row) => row.contactId === contact.id).map((row) => toFile(row.file));
    const registration: TRegistrationGuest = {
      name: contact.name,
      gender: contact.gender as TRegistrationGuest['gender'],
      dateOfBirth: contact.dateOfBirth,
      nationality: contact.nationality,
      address: contact.address,
      documentType: contact.documentType,
      documentNumber: contact.documentNumber,
      documentIssueDate: contact.documentIssueDate,
      documentIssuingAuthority: contact.documentIssuingAuthority,
      isFamilyMember,
      isPrimary,
      documentCount: guestFiles.length,
    };
    const missingFields = missingRegistrationFields(property.address.country, registration);
    return {
      id: contact.id,
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      gender: registration.gender,
      dateOfBirth: contact.dateOfBirth,
      nationality: contact.nationality,
      address: contact.address,
      documentType: contact.documentType,
      documentNumber: contact.documentNumber,
      documentIssueDate: contact.documentIssueDate,
      documentIssuingAuthority: contact.documentIssuingAuthority,
      isPrimary,
      isFamilyMember,
      files: guestFiles,
      isComplete: missingFields.length === 0,
      missingFields,
    };
  });
}

/** Everything the portal's rules read about the link's booking, in one place. */
export async function loadStay(db: Executor, actor: TGuestActor, lock = false) {
  const row = await findPortalBooking(db, actor, lock);
  const property = await findProperty(db, actor.propertyId);
  const guests = await loadGuests(db, property, actor.bookingId);
  const signature = row.booking.signatureFileId
    ? await selectPropertyFile(db, actor.propertyId, row.booking.signatureFileId)
    : undefined;
  return { ...row, property, guests, signature: signature ? toFile(signature) : null };
}
export type TStay = Awaited<ReturnType<typeof loadStay>>;

export function toPortalBooking(stay: TStay): TPortalBooking {
  const { booking, property } = stay;
  const window = portalWindow(booking, property);
  return {
    id: booking.id,
    code: booking.code,
    status: booking.status,
    isCheckedIn: booking.status === 'checked_in',
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    checkInOpensAt: window.checkInOpensAt.toISOString(),
    expiresAt: window.expiresAt.toISOString(),
    numberOfNights: nightsBetween(booking.checkIn, booking.checkOut),
    occupancy: booking.occupancy,
    room: stay.room,
    securityCode: booking.status === 'checked_in' ? booking.securityCode : null,
    roomType: { id: stay.roomType.id, name: stay.roomType.name },
    guests: stay.guests,
    registrationForm: registrationFormKind(
      property.address.country,
      stay.guests.map((guest) => guest.nationality),
    ),
    hasSignature: stay.signature !== null,
    signature: stay.signature,
  };
}

export function assertNotSettled(stay: Pick<TStay, 'booking'>): void {
  if (settledStatuses.has(stay.booking.status))
    throw new AppError('portal/checked_in', 'the registration cannot change after check-in');
}
