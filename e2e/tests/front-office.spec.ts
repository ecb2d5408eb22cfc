import type { Locator, Page } from '@playwright/test';
import { addDays, type TBooking } from '@pms/contract';
import { expect, expectAccessible, loginAs, shot, test, uniqueName } from './fixtures.ts';
import {
  createBooking,
  freeRooms,
  germanDate,
  getBooking,
  housekeepingRoom,
  payDue,
  propertyToday,
} from './stays.ts';

const receptionPassword = 'rezeption-am-morgen-1';
/** Tall enough for every row of the room plan: it draws only the rows in view. */
const roomPlanViewport = { width: 1280, height: 2400 };

/** The room plan's row of a room, found by its row header (the room number). */
function roomRow(page: Page, number: string): Locator {
  return page
    .getByRole('table', { name: 'Zimmerplan' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: number, exact: true }) });
}

/** Drags a booking's bar straight up or down onto another row, keeping its days. */
async function dragOnto(page: Page, bar: Locator, row: Locator): Promise<void> {
  const from = await bar.boundingBox();
  const to = await row.boundingBox();
  if (!from || !to) throw new Error('the bar and the row must be on screen');
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
}

test('a front-desk day: book at the desk, find it, move it on the room plan, check in and out', async ({
  page,
  createMember,
  apiAs,
}) => {
  // The longest journey: six screens, two dialogs and a drag, each checked by axe.
  test.slow();
  const member = await createMember({ name: 'Rita Rezeption', password: receptionPassword });
  const api = await apiAs(member.email, member.password);
  const today = await propertyToday(api);
  const checkOut = addDays(today, 2);
  const name = uniqueName('Franz Frontdesk');
  await loginAs(page, member.email, member.password);
  await expect(page).toHaveURL('/bookings');

  await page.getByRole('banner').getByRole('button', { name: 'Buchung anlegen' }).click();
  const form = page.getByRole('dialog', { name: 'Buchung anlegen' });
  await form.getByLabel('Anreise').fill(germanDate(today));
  await form.getByLabel('Abreise').fill(germanDate(checkOut));
  await form.getByLabel('Zimmerkategorie').selectOption({ label: 'Doppelzimmer' });
  await form.getByLabel('Personen', { exact: true }).fill('2');
  await form.getByRole('radio', { name: 'Neuer Kontakt' }).click();
  await form.getByLabel('Name', { exact: true }).fill(name);
  await expectAccessible(page);
  await shot(page, 'create-booking');
  const created = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/bookings' && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Buchung anlegen' }).click();
  const createdResponse = await created;
  expect(createdResponse.status()).toBe(201);
  const booking = (await createdResponse.json()) as TBooking;
  expect(booking).toMatchObject({ checkIn: today, checkOut, occupancy: 2, status: 'confirmed' });
  const firstRoom = booking.room?.number;
  if (!firstRoom) throw new Error('the booking got no room');

  await expect(page).toHaveURL(`/bookings/${booking.id}`);
  const createdToast = page.getByRole('status').filter({ hasText: `Buchung ${booking.code} angelegt` });
  await expect(createdToast).toBeVisible();
  const heading = page.getByRole('heading', { level: 1, name: booking.code });
  await expect(heading).toContainText('Bestätigt');
  await expect(page.getByRole('main')).toContainText(name);
  await expectAccessible(page);
  await shot(page, 'booking-created');
  // Closed rather than left for its ten seconds: it covers the header's search.
  await createdToast.getByRole('button', { name: 'Schließen' }).click();
  await expect(createdToast).toBeHidden();

  // The bookings list, narrowed to today's arrivals.
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Buchungen' })
    .click();
  await page.getByLabel('Schnellfilter').selectOption({ label: 'Anreise heute' });
  await expect(page).toHaveURL('/bookings?filter=check_in_today');
  const list = page.getByRole('table', { name: 'Buchungen' });
  const listed = list.getByRole('row').filter({ hasText: name });
  await expect(listed).toContainText(booking.code);
  await expect(listed).toContainText(firstRoom);
  const todayShort = new Intl.DateTimeFormat('de-DE', { dateStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`${today}T00:00:00Z`),
  );
  // Every booking row arrives today; only the header row lacks the date.
  await expect(list.getByRole('row').filter({ hasNotText: todayShort })).toHaveCount(1);
  await expectAccessible(page);
  await shot(page, 'bookings-check-in-today');

  await page.getByRole('button', { name: 'Suche öffnen' }).click();
  const search = page.getByRole('dialog', { name: 'Suche' });
  await search.getByLabel('Suchbegriff').fill(name);
  const result = search.getByRole('option', { name: new RegExp(booking.code) });
  await expect(result).toContainText(name);
  await expectAccessible(page);
  await shot(page, 'search-booking');
  await result.click();
  await expect(search).toBeHidden();
  await expect(page).toHaveURL(`/bookings/${booking.id}`);
  await expect(heading).toBeVisible();

  // Another double room, clean and free on both nights.
  const target = (await freeRooms(api, 'Doppelzimmer', today, checkOut))
    .filter((room) => room.housekeepingStatus === 'clean')
    .at(-1);
  if (!target) throw new Error('no clean double room is free');
  await page.setViewportSize(roomPlanViewport);
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Zimmerplan' })
    .click();
  await expect(page).toHaveURL('/room-plan');
  const bar = page.getByRole('button', { name: `${booking.code} ${name}`, exact: true });
  await expect(roomRow(page, firstRoom).getByRole('button', { name: booking.code })).toBeVisible();
  await expect(roomRow(page, target.number)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'room-plan');

  await dragOnto(page, bar, roomRow(page, target.number));
  const confirmMove = page.getByRole('dialog', { name: 'Buchung verschieben' });
  await expect(confirmMove).toContainText(`Buchung ${booking.code} in Zimmer ${target.number}`);
  await expectAccessible(page);
  await shot(page, 'room-plan-move-confirm');
  const moved = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/bookings/${booking.id}`) && response.request().method() === 'PUT',
  );
  await confirmMove.getByRole('button', { name: 'Verschieben' }).click();
  expect((await moved).status()).toBe(200);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Buchung ${booking.code} in Zimmer ${target.number} verschoben.` }),
  ).toBeVisible();
  await expect(roomRow(page, target.number).getByRole('button', { name: booking.code })).toBeVisible();
  await expect(roomRow(page, firstRoom).getByRole('button', { name: booking.code })).toHaveCount(0);
  expect(await getBooking(api, booking.id)).toMatchObject({
    roomId: target.id,
    room: { number: target.number },
    checkIn: today,
    checkOut,
  });
  await expectAccessible(page);
  await shot(page, 'room-plan-moved');

  // The guest pays at the desk; then the bar opens its booking, where the guest arrives and leaves.
  await payDue(api, booking.id);
  await bar.click();
  await expect(page).toHaveURL(`/bookings/${booking.id}`);
  await page.setViewportSize({ width: 1280, height: 720 });
  const actions = page.getByRole('group', { name: 'Aktionen der Buchung' });
  await actions.getByRole('button', { name: 'Einchecken' }).click();
  const confirmCheckIn = page.getByRole('dialog', { name: `Buchung ${booking.code} einchecken?` });
  await expect(confirmCheckIn).toContainText(`${name} reist an`);
  await expectAccessible(page);
  await shot(page, 'booking-check-in-confirm');
  await confirmCheckIn.getByRole('button', { name: 'Einchecken' }).click();
  await expect(confirmCheckIn).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Eingecheckt' })).toBeVisible();
  await expect(heading).toContainText('Eingecheckt');
  await expectAccessible(page);
  await shot(page, 'booking-checked-in');

  await actions.getByRole('button', { name: 'Auschecken' }).click();
  const confirmCheckOut = page.getByRole('dialog', { name: `Buchung ${booking.code} auschecken?` });
  await expect(confirmCheckOut).toContainText(`${name} reist ab, das Zimmer wird als schmutzig markiert.`);
  await expectAccessible(page);
  await shot(page, 'booking-check-out-confirm');
  await confirmCheckOut.getByRole('button', { name: 'Auschecken' }).click();
  await expect(confirmCheckOut).toBeHidden();
  await expect(heading).toContainText('Ausgecheckt');
  await expectAccessible(page);
  await shot(page, 'booking-checked-out');
  expect((await getBooking(api, booking.id)).status).toBe('checked_out');
  expect((await housekeepingRoom(api, target.number)).housekeepingStatus).toBe('dirty');

  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Housekeeping' })
    .click();
  await page
    .getByRole('group', { name: 'Zimmer filtern' })
    .getByRole('button', { name: 'Schmutzig' })
    .click();
  await expect(page).toHaveURL('/housekeeping?filter=dirty');
  const card = page.getByRole('list', { name: 'Zimmer' }).getByRole('link', {
    name: new RegExp(`^Zimmer ${target.number}(?!\\d)`),
  });
  await expect(card).toContainText('Schmutzig');
  await expectAccessible(page);
  await shot(page, 'housekeeping-after-check-out');
});

test('the room plan refuses to move three guests into a single room, naming room and occupancy', async ({
  page,
  createMember,
  apiAs,
}) => {
  const member = await createMember({ name: 'Rudi Rezeption', password: receptionPassword });
  const api = await apiAs(member.email, member.password);
  // A family room in three days: within the plan's first weeks, and no other journey's days.
  const checkIn = addDays(await propertyToday(api), 3);
  const checkOut = addDays(checkIn, 2);
  const [familyRoom] = await freeRooms(api, 'Familienzimmer', checkIn, checkOut);
  const name = uniqueName('Familie Berger');
  const booking = await createBooking(api, {
    roomId: familyRoom!.id,
    checkIn,
    checkOut,
    occupancy: 3,
    customer: { name },
  });

  await page.setViewportSize(roomPlanViewport);
  await loginAs(page, member.email, member.password, { path: '/room-plan' });
  const bar = roomRow(page, familyRoom!.number).getByRole('button', {
    name: `${booking.code} ${name}`,
    exact: true,
  });
  await expect(bar).toBeVisible();
  await expect(roomRow(page, '101')).toBeVisible();

  await dragOnto(page, bar, roomRow(page, '101'));
  const refusal = page.getByRole('alert').filter({ hasText: 'Die Buchung konnte nicht verschoben werden' });
  // The message names the room, its maximum (1) and the booking's occupancy (3).
  await expect(refusal).toContainText(/Zimmer 101\b.*höchstens 1\b.*\b3\b/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(bar).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'room-plan-move-refused');
  expect((await getBooking(api, booking.id)).roomId).toBe(familyRoom!.id);
});

test('a child travelling with the family is marked as a family member on the booking', async ({
  page,
  createMember,
  apiAs,
}) => {
  const member = await createMember({ name: 'Rita Rezeption', password: receptionPassword });
  const api = await apiAs(member.email, member.password);
  const checkIn = addDays(await propertyToday(api), 6);
  const checkOut = addDays(checkIn, 2);
  const [familyRoom] = await freeRooms(api, 'Familienzimmer', checkIn, checkOut);
  const booking = await createBooking(api, {
    roomId: familyRoom!.id,
    checkIn,
    checkOut,
    occupancy: 3,
    customer: { name: uniqueName('Familie Huber') },
  });
  const child = uniqueName('Lena Huber');
  const added = await api.post(`/api/bookings/${booking.id}/guests`, { name: child });
  expect(added.ok(), await added.text()).toBe(true);

  await loginAs(page, member.email, member.password, { path: `/bookings/${booking.id}` });
  await page.getByRole('tab', { name: 'Gäste' }).click();
  const guests = page.getByRole('list', { name: 'Gäste der Buchung' });
  const childItem = guests.getByRole('listitem').filter({ hasText: child });
  // The primary guest is no family member of themselves: only the child has the box.
  await expect(guests.getByRole('checkbox')).toHaveCount(1);
  const familyMember = childItem.getByRole('checkbox', { name: 'Familienangehörige:r' });
  await expect(familyMember).not.toBeChecked();
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes('/guests/'),
  );
  await familyMember.check();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await page.getByRole('tab', { name: 'Gäste' }).click();
  await expect(familyMember).toBeChecked();
  await expectAccessible(page);
  await shot(page, 'booking-guests-family-member');
});
