import { inArray } from 'drizzle-orm';
import { addDays, formatBookingCode, todayIn, zonedInstant, type TBookingStatus } from '@pms/contract';
import type { Tx } from '../db/client.ts';
import {
  accessPoints,
  bookingGuests,
  bookingLinks,
  bookings,
  contacts,
  groups,
  items,
  paymentMethods,
  rateItems,
  ratePrices,
  rates,
  roomLocks,
  roomTypes,
  rooms,
  taxRates,
} from '../db/schema/index.ts';
import type { properties } from '../db/schema/index.ts';
import { randomToken } from '../lib/crypto.ts';
import { postStayCharges } from '../modules/bookings/index.ts';
import { seedLocalTax } from './seed-local-tax.ts';

type TProperty = typeof properties.$inferSelect;

/** A small deterministic random source, so the demo world is the same on every machine. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

const firstNames = [
  'Anna',
  'Lukas',
  'Sophie',
  'Jonas',
  'Marie',
  'Felix',
  'Lena',
  'Paul',
  'Laura',
  'Elias',
  'Emma',
  'David',
  'Hannah',
  'Tobias',
  'Julia',
  'Simon',
  'Clara',
  'Moritz',
  'Nina',
  'Jakob',
];
const lastNames = [
  'Gruber',
  'Huber',
  'Bauer',
  'Wagner',
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Hofer',
  'Steiner',
  'Moser',
  'Mayer',
  'Berger',
  'Rossi',
  'Dubois',
  'Smith',
  'Novak',
  'Kowalski',
];
const cities = [
  { city: 'Wien', postalCode: '1010', country: 'at' },
  { city: 'Graz', postalCode: '8010', country: 'at' },
  { city: 'München', postalCode: '80331', country: 'de' },
  { city: 'Hamburg', postalCode: '20095', country: 'de' },
  { city: 'Zürich', postalCode: '8001', country: 'ch' },
  { city: 'Milano', postalCode: '20121', country: 'it' },
  { city: 'Praha', postalCode: '11000', country: 'cz' },
];
const colors = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#db2777', null, null, null];

type TRoomTypeSpec = {
  name: string;
  code: string;
  capacity: number;
  min: number;
  max: number;
  rooms: string[];
  price: number[];
};

/** Room types, rooms, taxes, items, rates, contacts, groups, about 150 bookings around today, locks. */
export async function seedFrontOffice(
  tx: Tx,
  property: TProperty,
  options: { seed: number; size: 'large' | 'small' },
) {
  const random = seededRandom(options.seed);
  const isAustria = property.address.country === 'at';
  const [reduced, standard, exempt] = await tx
    .insert(taxRates)
    .values([
      {
        propertyId: property.id,
        name: isAustria ? 'Beherbergung 10 %' : 'Beherbergung 7 %',
        basisPoints: isAustria ? 1000 : 700,
        accountNumber: '4010',
        // DATEV tax keys (BU-Schlüssel): 2 is VAT at the reduced rate, 3 at the standard rate.
        taxCode: '2',
      },
      {
        propertyId: property.id,
        name: isAustria ? 'Normalsatz 20 %' : 'Normalsatz 19 %',
        basisPoints: isAustria ? 2000 : 1900,
        accountNumber: '4020',
        taxCode: '3',
      },
      {
        // The local tax is a levy of the municipality, not a sale: it carries no VAT.
        propertyId: property.id,
        name: 'Steuerfrei 0 %',
        basisPoints: 0,
        accountNumber: '4900',
      },
    ])
    .returning();
  const [, breakfast, , , cityTax] = await tx
    .insert(items)
    .values([
      {
        propertyId: property.id,
        name: 'Übernachtung',
        type: 'accommodation',
        taxRateId: reduced!.id,
        isOvernight: true,
        amount: null,
        accountNumber: '4010',
      },
      {
        propertyId: property.id,
        name: 'Frühstück',
        type: 'food_and_beverage',
        taxRateId: reduced!.id,
        amount: 1800,
        bookOnFollowingDay: true,
        bookingText: 'Frühstücksbuffet',
        accountNumber: '4110',
      },
      {
        propertyId: property.id,
        name: 'Getränke',
        type: 'food_and_beverage',
        taxRateId: standard!.id,
        amount: 450,
        accountNumber: '4120',
      },
      {
        propertyId: property.id,
        name: 'Parkplatz',
        type: 'other',
        taxRateId: standard!.id,
        amount: 1500,
        accountNumber: '4300',
      },
      {
        propertyId: property.id,
        name: isAustria ? 'Ortstaxe' : 'City Tax',
        type: 'local_tax',
        taxRateId: exempt!.id,
        amount: isAustria ? 260 : 500,
        accountNumber: '4900',
      },
    ])
    .returning();
  await seedLocalTax(tx, { id: property.id, isAustria }, cityTax!);
  // The doors a guest's key opens besides the room's (see the doors module).
  await tx.insert(accessPoints).values([
    { propertyId: property.id, name: 'Haupteingang' },
    { propertyId: property.id, name: isAustria ? 'Skiraum' : 'Fahrradkeller' },
  ]);
  await tx.insert(paymentMethods).values([
    {
      propertyId: property.id,
      name: 'Kreditkarte',
      kind: 'card',
      bookingText: 'Zahlung Kreditkarte',
      accountNumber: '2810',
    },
    { propertyId: property.id, name: 'Bar', kind: 'cash', bookingText: 'Barzahlung', accountNumber: '2700' },
    {
      propertyId: property.id,
      name: 'Überweisung',
      kind: 'transfer',
      bookingText: 'Überweisung',
      accountNumber: '2800',
    },
  ]);

  const range = (from: number, to: number, prefix = '') =>
    Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);
  const specs: TRoomTypeSpec[] =
    options.size === 'large'
      ? [
          {
            name: 'Einzelzimmer',
            code: 'EZ',
            capacity: 1,
            min: 1,
            max: 1,
            rooms: range(101, 108),
            price: [8900],
          },
          {
            name: 'Doppelzimmer',
            code: 'DZ',
            capacity: 2,
            min: 1,
            max: 2,
            rooms: [...range(201, 212), ...range(301, 306)],
            price: [11900, 14900],
          },
          {
            name: 'Familienzimmer',
            code: 'FZ',
            capacity: 4,
            min: 2,
            max: 4,
            rooms: range(307, 312),
            price: [0, 17900, 20900, 23900],
          },
          {
            name: 'Suite',
            code: 'SU',
            capacity: 2,
            min: 1,
            max: 3,
            rooms: range(401, 408),
            price: [21900, 24900, 27900],
          },
        ]
      : [
          {
            name: 'Einzelzimmer',
            code: 'EZ',
            capacity: 1,
            min: 1,
            max: 1,
            rooms: range(1, 4),
            price: [9900],
          },
          {
            name: 'Doppelzimmer',
            code: 'DZ',
            capacity: 2,
            min: 1,
            max: 2,
            rooms: range(5, 12),
            price: [12900, 15900],
          },
        ];
  const [rate, flexRate] = await tx
    .insert(rates)
    .values([
      { propertyId: property.id, name: 'Übernachtung mit Frühstück', code: 'BB', isStandard: true },
      { propertyId: property.id, name: 'Nur Übernachtung', code: 'RO' },
    ])
    .returning();
  const roomList: { id: string; number: string; max: number; roomTypeId: string }[] = [];
  for (const [index, spec] of specs.entries()) {
    const [type] = await tx
      .insert(roomTypes)
      .values({
        propertyId: property.id,
        name: spec.name,
        code: spec.code,
        capacity: spec.capacity,
        minOccupancy: spec.min,
        maxOccupancy: spec.max,
        isDefault: spec.code === 'DZ',
        sortOrder: index,
      })
      .returning();
    const created = await tx
      .insert(rooms)
      .values(
        spec.rooms.map((number, i) => ({
          propertyId: property.id,
          number,
          roomTypeId: type!.id,
          sortOrder: i,
        })),
      )
      .returning();
    roomList.push(
      ...created.map((room) => ({ id: room.id, number: room.number, max: spec.max, roomTypeId: type!.id })),
    );
    for (let occupancy = spec.min; occupancy <= spec.max; occupancy++) {
      const amount = spec.price[occupancy - 1] ?? spec.price[spec.price.length - 1]!;
      await tx.insert(ratePrices).values([
        {
          propertyId: property.id,
          rateId: rate!.id,
          roomTypeId: type!.id,
          occupancy,
          amount: amount + 1800 * occupancy,
        },
        { propertyId: property.id, rateId: flexRate!.id, roomTypeId: type!.id, occupancy, amount },
      ]);
    }
  }
  await tx.insert(rateItems).values([
    {
      propertyId: property.id,
      rateId: rate!.id,
      itemId: breakfast!.id,
      unit: 'person',
      frequency: 'daily',
      amount: 1800,
      inclusive: true,
    },
    {
      propertyId: property.id,
      rateId: rate!.id,
      itemId: cityTax!.id,
      unit: 'person',
      frequency: 'daily',
      amount: cityTax!.amount!,
      inclusive: false,
    },
    {
      propertyId: property.id,
      rateId: flexRate!.id,
      itemId: cityTax!.id,
      unit: 'person',
      frequency: 'daily',
      amount: cityTax!.amount!,
      inclusive: false,
    },
  ]);

  const contactCount = options.size === 'large' ? 90 : 30;
  const people = await tx
    .insert(contacts)
    .values(
      Array.from({ length: contactCount }, (_, i) => {
        const first = firstNames[i % firstNames.length]!;
        const last = lastNames[(i * 7) % lastNames.length]!;
        const place = random.pick(cities);
        return {
          propertyId: property.id,
          type: 'person',
          gender: random.pick(['male', 'female', 'unspecified'] as const),
          name: `${first} ${last}`,
          email: `${first}.${last}.${i}@example.com`.toLowerCase().replace('ü', 'ue'),
          phone: `+43 660 ${String(1_000_000 + i * 7919).slice(0, 7)}`,
          language: place.country === 'at' || place.country === 'de' || place.country === 'ch' ? 'de' : 'en',
          dateOfBirth: `${random.int(1950, 2002)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
          nationality: place.country,
          address: {
            line1: `${random.pick(['Hauptstraße', 'Bahnhofstraße', 'Kirchgasse', 'Via Roma'])} ${random.int(1, 80)}`,
            postalCode: place.postalCode,
            city: place.city,
            country: place.country,
          },
        };
      }),
    )
    .returning();
  const [company] = await tx
    .insert(contacts)
    .values({
      propertyId: property.id,
      type: 'company',
      name: 'Alpen Consulting GmbH',
      email: 'office@alpen-consulting.example',
      address: { line1: 'Ringstraße 1', postalCode: '1010', city: 'Wien', country: 'at' },
      company: { name: 'Alpen Consulting GmbH', vatNumber: 'ATU87654321' },
      isDebtor: true,
    })
    .returning();
  const [group] = await tx
    .insert(groups)
    .values({ propertyId: property.id, name: 'Firmenseminar Alpen Consulting', customerId: company!.id })
    .returning();
  await tx
    .insert(groups)
    .values({ propertyId: property.id, name: 'Hochzeit Gruber', customerId: people[0]!.id });

  const today = todayIn(property.timeZone);
  const target = options.size === 'large' ? 150 : 40;
  let created = 0;
  let codeNumber = options.seed % 90_000;
  for (const [roomIndex, room] of roomList.entries()) {
    let day = addDays(today, -random.int(14, 24));
    const end = addDays(today, 45);
    while (day < end && created < target) {
      day = addDays(day, random.int(0, 3));
      const nights = random.int(1, 6);
      const checkIn = day;
      const checkOut = addDays(day, nights);
      day = checkOut;
      if (roomIndex === 5 && checkIn <= addDays(today, 12) && checkOut > addDays(today, 8)) continue;
      const isPast = checkOut < today || (checkOut === today && random.next() < 0.5);
      const isCurrent = !isPast && checkIn <= today;
      const roll = random.next();
      let status: TBookingStatus;
      if (isPast) status = roll < 0.08 ? 'canceled' : roll < 0.13 ? 'no_show' : 'checked_out';
      else if (isCurrent) status = checkIn === today && roll < 0.5 ? 'confirmed' : 'checked_in';
      else status = roll < 0.08 ? 'canceled' : roll < 0.16 ? 'pending' : 'confirmed';
      const customer = people[(created * 13) % people.length]!;
      const occupancy = Math.min(room.max, random.int(1, room.max));
      codeNumber = (codeNumber + 7_919) % 100_000;
      const isGroup = roomIndex >= 12 && roomIndex < 16 && checkIn >= today && checkIn < addDays(today, 10);
      const [booking] = await tx
        .insert(bookings)
        .values({
          propertyId: property.id,
          code: formatBookingCode(codeNumber, property.bookingCodePrefix, property.bookingCodeSuffix),
          status,
          occupancy,
          source: random.next() < 0.15 ? 'walk_in' : random.next() < 0.4 ? 'booking.com' : 'internal',
          securityCode: String(random.int(0, 999_999)).padStart(6, '0'),
          checkIn,
          checkOut,
          roomId:
            status === 'pending' || status === 'canceled' || status === 'no_show'
              ? random.next() < 0.5
                ? room.id
                : null
              : room.id,
          roomTypeId: room.roomTypeId,
          rateId: random.next() < 0.7 ? rate!.id : flexRate!.id,
          customerId: isGroup ? company!.id : customer.id,
          groupId: isGroup ? group!.id : null,
          color: random.pick(colors),
          isRoomFixed: random.next() < 0.1,
          checkedInAt: ['checked_in', 'checked_out'].includes(status)
            ? zonedInstant(checkIn, property.checkInTime, property.timeZone)
            : null,
          checkedOutAt:
            status === 'checked_out'
              ? zonedInstant(checkOut, property.checkOutTime, property.timeZone)
              : null,
        })
        .returning();
      await tx
        .insert(bookingGuests)
        .values({ propertyId: property.id, bookingId: booking!.id, contactId: customer.id, isPrimary: true });
      await tx.insert(bookingLinks).values({
        id: randomToken(24),
        propertyId: property.id,
        bookingId: booking!.id,
        expiresAt: zonedInstant(checkOut, property.checkOutTime, property.timeZone),
      });
      await postStayCharges(tx, booking!);
      created++;
    }
  }
  const lockedRoom = roomList[5]!;
  await tx.insert(roomLocks).values([
    {
      propertyId: property.id,
      roomId: lockedRoom.id,
      startDate: addDays(today, 8),
      endDate: addDays(today, 11),
      reason: 'Renovierung Bad',
      statusAfterStart: 'out_of_service',
      statusAfterEnd: 'dirty',
    },
  ]);
  const dirtyRooms = roomList.filter((_, i) => i % 5 === 2).map((room) => room.id);
  await tx.update(rooms).set({ housekeepingStatus: 'dirty' }).where(inArray(rooms.id, dirtyRooms));
  return { rooms: roomList.length, bookings: created };
}
