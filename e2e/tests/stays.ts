/** Bookings, rooms and the room plan through the API: the state a journey starts from. */
import { addDays, todayIn } from '@pms/contract';
import type {
  TBooking,
  TCreateBookingRequest,
  TFolioList,
  TPaged,
  TPaymentMethod,
  THousekeepingRoom,
  THousekeepingState,
  TProperty,
  TRoomPlan,
} from '@pms/contract';
import { expect, type TApiClient } from './fixtures.ts';

export type TPlanRoom = TRoomPlan['rooms'][number];

/** A calendar date as German staff type it and the staff app writes it: 26.11.2026. */
export function germanDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}

/** A calendar date as the staff app writes it in English, day first as en-GB does: 26/11/2026. */
export function englishDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** Today in the current property's time zone: the day the server counts arrivals by. */
export async function propertyToday(api: TApiClient): Promise<string> {
  const response = await api.get('/api/properties/current');
  expect(response.ok(), await response.text()).toBe(true);
  return todayIn(((await response.json()) as TProperty).timeZone);
}

/**
 * The rooms of a room type that no booking (a pending one included) and no lock holds on any
 * night from check-in to check-out, in the room plan's order.
 */
export async function freeRooms(
  api: TApiClient,
  roomTypeName: string,
  checkIn: string,
  checkOut: string,
): Promise<TPlanRoom[]> {
  // The plan lists every booking with a night in [from, to] and every lock on a day in it.
  const response = await api.get(`/api/room_plan?from=${checkIn}&to=${addDays(checkOut, -1)}`);
  expect(response.ok(), await response.text()).toBe(true);
  const plan = (await response.json()) as TRoomPlan;
  const roomType = plan.roomTypes.find((type) => type.name === roomTypeName);
  const rooms = plan.rooms.filter(
    (room) => room.roomTypeId === roomType?.id && room.bookings.length === 0 && room.locks.length === 0,
  );
  expect(rooms, `free ${roomTypeName} from ${checkIn} to ${checkOut}`).not.toEqual([]);
  return rooms;
}

/** A room type for one or two persons with one room, in the API client's property. */
export async function createRoomOfNewType(
  api: TApiClient,
  roomType: { name: string; code: string },
  number: string,
): Promise<{ roomTypeId: string; roomId: string }> {
  const type = await api.post('/api/room_types', {
    ...roomType,
    capacity: 2,
    minOccupancy: 1,
    maxOccupancy: 2,
  });
  expect(type.status(), await type.text()).toBe(201);
  const roomTypeId = ((await type.json()) as { id: string }).id;
  const rooms = await api.post('/api/rooms', { number, roomTypeId });
  expect(rooms.status(), await rooms.text()).toBe(201);
  const [room] = ((await rooms.json()) as { data: { id: string }[] }).data;
  return { roomTypeId, roomId: room!.id };
}

/** Books through the API, as a channel or a colleague would. */
export async function createBooking(api: TApiClient, request: TCreateBookingRequest): Promise<TBooking> {
  const response = await api.post('/api/bookings', request);
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as TBooking;
}

export async function getBooking(api: TApiClient, id: string): Promise<TBooking> {
  const response = await api.get(`/api/bookings/${id}?expand=room`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as TBooking;
}

/** A room as housekeeping sees it today, found by its number. */
export async function housekeepingRoom(api: TApiClient, number: string): Promise<THousekeepingRoom> {
  const response = await api.get('/api/housekeeping');
  expect(response.ok(), await response.text()).toBe(true);
  const { data } = (await response.json()) as { data: THousekeepingRoom[] };
  const room = data.find((candidate) => candidate.number === number);
  if (!room) throw new Error(`no room ${number}`);
  return room;
}

export async function setHousekeepingStatus(
  api: TApiClient,
  roomId: string,
  housekeepingStatus: THousekeepingState,
): Promise<void> {
  const response = await api.patch(`/api/housekeeping/rooms/${roomId}`, { housekeepingStatus });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Pays what the booking's folios still ask for, in cash, as the desk takes it before a check-in
 * (a guest who is not a debtor checks in only with nothing due).
 */
export async function payDue(api: TApiClient, bookingId: string): Promise<void> {
  const folios = await api.get(`/api/folios?bookingId=${bookingId}`);
  expect(folios.ok(), await folios.text()).toBe(true);
  const methods = await api.get('/api/payment_methods?pageSize=100');
  expect(methods.ok(), await methods.text()).toBe(true);
  const cash = ((await methods.json()) as TPaged<TPaymentMethod>).data.find(
    (method) => method.kind === 'cash',
  );
  expect(cash, 'a cash payment method').toBeDefined();
  for (const folio of ((await folios.json()) as TFolioList).data) {
    if (folio.totals.dueAmount <= 0) continue;
    const paid = await api.post(`/api/folios/${folio.id}/payments`, {
      amount: folio.totals.dueAmount,
      paymentMethodId: cash!.id,
    });
    expect(paid.ok(), await paid.text()).toBe(true);
  }
}
