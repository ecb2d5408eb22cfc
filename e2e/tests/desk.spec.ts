import { addDays, type TBookingQuote, type TGroup } from '@pms/contract';
import {
  expect,
  expectAccessible,
  idCardFile,
  loginAs,
  propertyNames,
  shot,
  test,
  uniqueName,
} from './fixtures.ts';
import { createBooking, englishDate, freeRooms, germanDate, propertyToday } from './stays.ts';

/** Money as the page writes it, with plain spaces (Intl puts no-break spaces in). */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

test('a booking joins a group from the group page and leaves it; the booking dialog picks the group', async ({
  page,
  adminApi,
}) => {
  const today = await propertyToday(adminApi);
  // Weeks ahead of the demo bookings and the other journeys.
  const checkIn = addDays(today, 70);
  const [room] = await freeRooms(adminApi, 'Doppelzimmer', checkIn, addDays(checkIn, 2));
  const guest = uniqueName('Gerda Gruppengast');
  const booking = await createBooking(adminApi, {
    roomId: room!.id,
    checkIn,
    checkOut: addDays(checkIn, 2),
    occupancy: 2,
    customer: { name: guest },
  });
  const created = await adminApi.post('/api/groups', { name: uniqueName('Chorreise') });
  expect(created.status(), await created.text()).toBe(201);
  const group = (await created.json()) as TGroup;

  await loginAs(page, 'admin@example.com', undefined, {
    property: propertyNames.austria,
    path: `/groups/${group.id}?tab=bookings`,
  });
  const bookings = page.getByRole('tabpanel');
  await expect(bookings.getByText('Noch keine Buchungen')).toBeVisible();

  await bookings.getByRole('button', { name: 'Buchung hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buchung zur Gruppe hinzufügen' });
  await dialog.getByLabel('Buchung', { exact: true }).fill(booking.code);
  const result = dialog.getByRole('listitem').filter({ hasText: booking.code });
  await expect(result).toContainText(guest);
  await expectAccessible(page);
  await shot(page, 'group-add-booking');
  const added = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/groups/${group.id}/bookings`) && response.request().method() === 'POST',
  );
  await result.getByRole('button', { name: `Buchung hinzufügen: ${booking.code}` }).click();
  expect((await added).status()).toBe(200);
  await expect(dialog).toBeHidden();
  const row = bookings.getByRole('listitem').filter({ hasText: booking.code });
  await expect(row).toContainText(guest);
  await expect(row).toContainText(`Zimmer ${room!.number}`);
  await expectAccessible(page);
  await shot(page, 'group-with-booking');

  await row.getByRole('button', { name: `Buchung ${booking.code} aus der Gruppe entfernen` }).click();
  const confirm = page.getByRole('dialog', { name: `Buchung ${booking.code} aus der Gruppe entfernen?` });
  const removed = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/groups/${group.id}/bookings/${booking.id}`) &&
      response.request().method() === 'DELETE',
  );
  await confirm.getByRole('button', { name: 'Aus der Gruppe entfernen' }).click();
  expect((await removed).status()).toBe(200);
  await expect(bookings.getByText('Noch keine Buchungen')).toBeVisible();
  await expect(row).toHaveCount(0);

  // From the booking: its dialog picks the group.
  await page.goto(`/bookings/${booking.id}`);
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  const edit = page.getByRole('dialog', { name: 'Buchung bearbeiten' });
  // The booking's own room counts as free for its own stay.
  await expect(edit.getByLabel('Zimmer', { exact: true })).toHaveValue(room!.id);
  await edit.getByLabel('Gruppe', { exact: true }).selectOption({ label: group.name });
  await expectAccessible(page);
  await shot(page, 'booking-group-picker');
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/bookings/${booking.id}`) && response.request().method() === 'PUT',
  );
  await edit.getByRole('button', { name: 'Speichern' }).click();
  expect((await saved).status()).toBe(200);
  await expect(edit).toBeHidden();
  await expect(page.getByRole('main').getByRole('link', { name: group.name })).toBeVisible();
  const read = await adminApi.get(`/api/groups/${group.id}?expand=bookings`);
  expect(((await read.json()) as TGroup).bookings?.map((entry) => entry.id)).toEqual([booking.id]);
});

test.describe('the create-booking dialog on a 1440 x 900 screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('offers only free rooms, marks dirty ones for today, shows the price and keeps save in view', async ({
    page,
    adminApi,
    apiAs,
    createMember,
  }) => {
    const today = await propertyToday(adminApi);
    const checkIn = addDays(today, 80);
    const checkOut = addDays(checkIn, 3);
    const [booked, locked, free] = await freeRooms(adminApi, 'Doppelzimmer', checkIn, checkOut);
    await createBooking(adminApi, {
      roomId: booked!.id,
      checkIn,
      checkOut,
      occupancy: 2,
      customer: { name: uniqueName('Bernd Belegt') },
    });
    const lock = await adminApi.post('/api/room_locks', {
      roomId: locked!.id,
      startDate: addDays(checkIn, 1),
      endDate: addDays(checkIn, 1),
      reason: uniqueName('Maler'),
    });
    expect(lock.status(), await lock.text()).toBe(201);

    await loginAs(page, 'admin@example.com', undefined, {
      property: propertyNames.austria,
      path: '/bookings',
    });
    await page.getByRole('banner').getByRole('button', { name: 'Buchung anlegen' }).click();
    const form = page.getByRole('dialog', { name: 'Buchung anlegen' });
    await form.getByLabel('Anreise').fill(germanDate(checkIn));
    await form.getByLabel('Abreise').fill(germanDate(checkOut));
    await expect(form.getByLabel('Anreise')).toHaveValue(germanDate(checkIn));
    await expect(form.getByLabel('Anreise')).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
    await form.getByLabel('Zimmerkategorie').selectOption({ label: 'Doppelzimmer' });
    await form.getByLabel('Personen', { exact: true }).fill('2');
    const rooms = form.getByLabel('Zimmer', { exact: true });
    await expect(rooms.getByRole('option', { name: free!.number, exact: true })).toBeAttached();
    await expect(rooms.getByRole('option', { name: booked!.number, exact: true })).toHaveCount(0);
    await expect(rooms.getByRole('option', { name: locked!.number, exact: true })).toHaveCount(0);

    const quoted = await adminApi.post('/api/bookings/quote', {
      checkIn,
      checkOut,
      occupancy: 2,
      roomTypeId: booked!.roomTypeId,
    });
    expect(quoted.status(), await quoted.text()).toBe(200);
    const quote = (await quoted.json()) as TBookingQuote;
    const price = new Intl.NumberFormat('de-AT', { style: 'currency', currency: 'EUR' }).format(
      quote.grossAmount / 100,
    );
    const priceStatus = form.getByRole('status').filter({ hasText: 'Preis laut Rate' });
    await expect(priceStatus).toContainText('für 3 Nächte');
    expect(plainSpaces((await priceStatus.textContent()) ?? '')).toContain(plainSpaces(price));
    await expect(form.getByRole('button', { name: 'Buchung anlegen' })).toBeInViewport({ ratio: 1 });
    await expectAccessible(page);
    await shot(page, 'create-booking-free-rooms', { fullPage: false });

    // An arrival today: a dirty free room says so.
    const [dirty] = await freeRooms(adminApi, 'Doppelzimmer', today, addDays(today, 1));
    const marked = await adminApi.patch(`/api/housekeeping/rooms/${dirty!.id}`, {
      housekeepingStatus: 'dirty',
    });
    expect(marked.ok(), await marked.text()).toBe(true);
    await form.getByLabel('Anreise').fill(germanDate(today));
    await form.getByLabel('Abreise').fill(germanDate(addDays(today, 1)));
    await expect(
      rooms.getByRole('option', { name: `${dirty!.number} – noch nicht gereinigt`, exact: true }),
    ).toBeAttached();
    await expect(priceStatus).toContainText('für 1 Nacht');

    // The same dialog in English: dates in British order whatever the browser's language (German
    // here), money in the property's currency.
    const member = await createMember({ name: 'Emma English', password: 'front-desk-in-english-1' });
    const english = await apiAs(member.email, member.password);
    expect((await english.patch('/api/session/profile', { language: 'en' })).ok()).toBe(true);
    await page.context().clearCookies();
    await loginAs(page, member.email, member.password, { path: '/bookings' });
    await page.getByRole('banner').getByRole('button', { name: 'Create booking' }).click();
    const englishForm = page.getByRole('dialog', { name: 'Create booking' });
    expect(await page.evaluate(() => navigator.language)).toBe('de-DE');
    // A pasted ISO date is read too, and shown as the app's language writes it.
    const englishCheckIn = englishForm.getByLabel('Check-in');
    await englishCheckIn.fill(checkIn);
    await englishCheckIn.blur();
    await expect(englishCheckIn).toHaveValue(englishDate(checkIn));
    await expect(englishCheckIn).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    await englishForm.getByLabel('Check-out').fill(englishDate(checkOut));
    await englishForm.getByLabel('Room type').selectOption({ label: 'Doppelzimmer' });
    await expect(englishForm.getByRole('status').filter({ hasText: 'Price from the rate' })).toContainText(
      'for 3 nights',
    );
    await expect(englishForm.getByRole('button', { name: 'Create booking' })).toBeInViewport({ ratio: 1 });
    await expectAccessible(page);
    await shot(page, 'create-booking-free-rooms-en', { fullPage: false });
  });
});

test('an early check-out asks whether the stay ends today; Berlin writes money as Germany does', async ({
  page,
  apiAs,
}) => {
  const berlin = await apiAs('admin@example.com', undefined, { property: propertyNames.germany });
  const today = await propertyToday(berlin);
  const checkOut = addDays(today, 3);
  const [room] = await freeRooms(berlin, 'Doppelzimmer', today, checkOut);
  const booking = await createBooking(berlin, {
    roomId: room!.id,
    checkIn: today,
    checkOut,
    occupancy: 2,
    customer: { name: uniqueName('Frieda Frühabreise') },
    // A debtor checks in with the stay unpaid; the check-out dialog then confirms the amount due.
    isDebtor: true,
  });
  expect((await berlin.post(`/api/bookings/${booking.id}/actions/check_in`)).status()).toBe(200);

  await loginAs(page, 'admin@example.com', undefined, {
    property: propertyNames.germany,
    path: `/bookings/${booking.id}`,
  });
  // German money in Germany: the amount before the euro sign.
  const gross = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(
    booking.grossAmount / 100,
  );
  await expect(page.getByRole('main')).toContainText(plainSpaces(gross));

  await page
    .getByRole('group', { name: 'Aktionen der Buchung' })
    .getByRole('button', { name: 'Auschecken' })
    .click();
  const confirm = page.getByRole('dialog', { name: `Buchung ${booking.code} auschecken?` });
  const shorten = confirm.getByRole('checkbox', { name: 'Aufenthalt auf heute verkürzen' });
  await expect(shorten).toBeChecked();
  await expectAccessible(page);
  await shot(page, 'booking-early-check-out');
  const checkedOut = page.waitForResponse((response) =>
    response.url().includes(`/api/bookings/${booking.id}/actions/check_out`),
  );
  await confirm.getByRole('button', { name: 'Auschecken' }).click();
  const answer = await checkedOut;
  expect(answer.url()).toContain('shortenStay=true');
  expect(answer.url()).toContain('confirmDueAmount=true');
  // Checked out on the arrival day: the stay keeps its one night.
  expect(await answer.json()).toMatchObject({ status: 'checked_out', checkOut: addDays(today, 1) });
  await expect(page.getByRole('heading', { level: 1, name: booking.code })).toContainText('Ausgecheckt');
});

test('a document staff upload on a contact is handed in for the guest’s next stay, and that booking’s portal shows it', async ({
  page,
  adminApi,
}) => {
  const today = await propertyToday(adminApi);
  const checkIn = addDays(today, 74);
  const [room] = await freeRooms(adminApi, 'Doppelzimmer', checkIn, addDays(checkIn, 2));
  const guest = uniqueName('Doris Dokument');
  const booking = await createBooking(adminApi, {
    roomId: room!.id,
    checkIn,
    checkOut: addDays(checkIn, 2),
    occupancy: 1,
    customer: { name: guest },
  });
  await loginAs(page, 'admin@example.com', undefined, {
    property: propertyNames.austria,
    path: `/contacts/${booking.customerId}?tab=documents`,
  });
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('Noch keine Dokumente')).toBeVisible();
  const stay = panel.getByLabel('Für Aufenthalt');
  await expect(stay.locator('option:checked')).toHaveText(new RegExp(`^${booking.code} · `));
  const linked = page.waitForResponse(
    (response) =>
      response.url().includes(`/api/contacts/${booking.customerId}/files/`) &&
      response.url().includes(`bookingId=${booking.id}`) &&
      response.request().method() === 'POST',
  );
  await panel.locator('input[type=file]').setInputFiles(idCardFile);
  expect((await linked).status()).toBe(201);
  const document = panel.getByRole('listitem').filter({ hasText: 'id-card.png' });
  await expect(document).toContainText(`Für Aufenthalt ${booking.code}`);
  await expectAccessible(page);
  await shot(page, 'contact-document-for-stay');

  const link = (await (await adminApi.get(`/api/bookings/${booking.id}?expand=link`)).json()) as {
    link: { id: string };
  };
  const portal = await page.request.get('/api/portal/booking', { headers: { 'link-id': link.link.id } });
  const guests = ((await portal.json()) as { guests: { id: string; files: { name: string }[] }[] }).guests;
  expect(
    guests.find((candidate) => candidate.id === booking.customerId)!.files.map((file) => file.name),
  ).toEqual(['id-card.png']);
});

test('a check-in with money due says so before any dialog, and the button waits for the payment', async ({
  page,
  adminApi,
}) => {
  const today = await propertyToday(adminApi);
  const [room] = await freeRooms(adminApi, 'Doppelzimmer', today, addDays(today, 1));
  const booking = await createBooking(adminApi, {
    roomId: room!.id,
    checkIn: today,
    checkOut: addDays(today, 1),
    occupancy: 2,
    customer: { name: uniqueName('Paul Zahlt-Noch') },
  });
  expect(booking.dueAmount).toBeGreaterThan(0);
  await loginAs(page, 'admin@example.com', undefined, {
    property: propertyNames.austria,
    path: `/bookings/${booking.id}`,
  });
  const checkIn = page.getByRole('group', { name: 'Aktionen der Buchung' }).getByRole('button', {
    name: 'Einchecken',
  });
  await expect(checkIn).toBeDisabled();
  await expect(checkIn).toHaveAccessibleDescription(/vor dem Einchecken/);
  await expectAccessible(page);
  await shot(page, 'booking-check-in-money-due');
});
