// Staff follow a guest through the portal on the booking: registration, signature, check-in and the
// doors, each step made through the portal's API as the guest's phone would; staff open a door from
// the booking and keep the property's entrances in base data. axe and a screenshot on every screen.
import { readFileSync } from 'node:fs';
import { addDays, type TAccessPoint, type TBooking } from '@pms/contract';
import { expect, expectAccessible, loginAs, shot, test, uniqueName, idCardFile } from './fixtures.ts';
import { createBooking, createRoomOfNewType, propertyToday } from './stays.ts';

const idCard = readFileSync(idCardFile);

test.use({ viewport: { width: 1440, height: 900 } });

test('staff see the portal progress change, open a door and manage an entrance', async ({
  page,
  adminApi,
  apiAs,
  playwright,
  baseURL,
}) => {
  // A property of its own whose check-in opens at midnight, so the journey runs at any hour; the
  // stay has no rate, so nothing is due.
  const propertyName = uniqueName('Bergblick Fortschritt');
  const created = await adminApi.post('/api/properties', {
    name: propertyName,
    checkInTime: '00:00',
    checkOutTime: '11:00',
    address: { line1: 'Bergweg 2', postalCode: '5020', city: 'Salzburg', country: 'at' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const api = await apiAs('admin@example.com', undefined, { property: propertyName });
  const { roomTypeId, roomId } = await createRoomOfNewType(api, { name: 'Bergzimmer', code: 'BZ' }, '21');
  const entrance = await api.post('/api/access_points', { name: 'Haustür' });
  expect(entrance.status(), await entrance.text()).toBe(201);

  const today = await propertyToday(api);
  const guestName = uniqueName('Gianna Gast');
  const booking = await createBooking(api, {
    roomId,
    roomTypeId,
    checkIn: today,
    checkOut: addDays(today, 2),
    occupancy: 1,
    customer: { name: guestName },
  });
  const withLink = await api.get(`/api/bookings/${booking.id}?expand=link,customer`);
  const { link, customer } = (await withLink.json()) as TBooking & {
    link: { id: string };
    customer: { id: string };
  };

  // The guest's phone: no cookie, the Link-Id header on every call.
  const phone = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'link-id': link.id } });
  try {
    await loginAs(page, 'admin@example.com', undefined, {
      property: propertyName,
      path: `/bookings/${booking.id}`,
    });
    const card = (title: string) =>
      page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    const progress = card('Fortschritt im Gästeportal');
    await expect(progress).toBeVisible();
    await expect(progress.getByText('Link aktiv')).toBeVisible();
    await expect(progress.getByText(/Es fehlt: .*Geburtsdatum/)).toBeVisible();
    await expect(card('Schlüssel und Türen')).toContainText('Noch kein Schlüssel');
    await expectAccessible(page);
    await shot(page, 'staff-portal-progress-fresh');

    // Registration: an Italian guest in Austria also names the travel document.
    const patched = await phone.patch(`/api/portal/guests/${customer.id}`, {
      data: {
        gender: 'female',
        dateOfBirth: '1990-03-04',
        nationality: 'it',
        address: { line1: 'Via Roma 1', postalCode: '00100', city: 'Roma', country: 'it' },
        documentType: 'passport',
        documentNumber: 'YA1234567',
        documentIssueDate: '2021-06-01',
        documentIssuingAuthority: 'Questura di Roma',
      },
    });
    expect(patched.status(), await patched.text()).toBe(200);
    const uploaded = await phone.post(`/api/portal/contacts/${customer.id}/files`, {
      multipart: { file: { name: 'id-card.png', mimeType: 'image/png', buffer: idCard } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const signed = await phone.patch('/api/portal/signature', {
      multipart: { signature: { name: 'signature.png', mimeType: 'image/png', buffer: idCard } },
    });
    expect(signed.status(), await signed.text()).toBe(200);
    expect((await phone.post('/api/portal/pre_check_in')).status()).toBe(200);

    await page.reload();
    await expect(progress.getByText('vollständig')).toBeVisible();
    await expect(progress.getByText(/^Am /).first()).toBeVisible();
    await shot(page, 'staff-portal-progress-registered');

    // Without pre-check-in, the portal home offers the key itself: its button checks the guest in.
    const withoutPreCheckIn = await api.patch('/api/settings/general', { featurePreCheckIn: false });
    expect(withoutPreCheckIn.ok(), await withoutPreCheckIn.text()).toBe(true);
    const portal = await page.context().newPage();
    await portal.setViewportSize({ width: 390, height: 844 });
    await portal.goto(`/portal/${link.id}`);
    const doorsCard = portal
      .locator('section')
      .filter({ has: portal.getByRole('heading', { name: 'Türen', exact: true }) });
    const checkIn = portal.waitForResponse((response) => response.url().endsWith('/api/portal/check_in'));
    await doorsCard.getByRole('button', { name: 'Schlüssel erstellen' }).click();
    expect((await checkIn).status()).toBe(200);
    await expect(doorsCard.getByRole('button', { name: 'Öffnen' })).toHaveCount(2);
    await expect(portal.getByText('Eingecheckt', { exact: true })).toBeVisible();
    await expectAccessible(portal);
    await shot(portal, 'portal-home-key-created');
    await portal.close();

    // A door, through the portal's API.
    const doors = (await (await phone.get('/api/portal/access_points')).json()) as TAccessPoint[];
    const roomDoor = doors.find((door) => door.isRoom)!;
    expect((await phone.post(`/api/portal/access_points/${roomDoor.id}/unlock`)).status()).toBe(200);

    await page.reload();
    await expect(progress.getByText(/^Im Gästeportal am /)).toBeVisible();
    await expect(progress.getByText(new RegExp(`^${roomDoor.name} geöffnet am .*\\(Gast\\)$`))).toBeVisible();

    // Staff open the entrance from the booking.
    const key = card('Schlüssel und Türen');
    await expect(key.getByText('Gültig von')).toBeVisible();
    await expect(key.getByRole('listitem')).toHaveCount(2);
    const opened = page.waitForResponse((response) => response.url().endsWith('/unlock'));
    await key.getByRole('button', { name: 'Haustür öffnen' }).click();
    expect((await opened).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: 'Haustür geöffnet' })).toBeVisible();
    await expect(progress.getByText(/^Haustür geöffnet am /)).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'staff-portal-progress-checked-in');

    await page.getByRole('tab', { name: 'Ereignisse' }).click();
    await expect(page.getByRole('cell', { name: 'Vorab-Check-in im Gästeportal bestätigt' })).toBeVisible();
    await expect(page.getByRole('cell', { name: `${guestName} (Gästeportal)` }).first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'staff-booking-events-portal');

    // Entrances in base data: add, rename, delete.
    await page.goto('/base-data/entrances');
    const table = page.getByRole('table', { name: 'Zugänge' });
    await expect(table.getByRole('cell', { name: 'Haustür', exact: true })).toBeVisible();
    await expect(page.getByText('1 Zimmertür')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'base-data-entrances');

    await page.getByRole('button', { name: 'Zugang anlegen' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Zugang anlegen' });
    await createDialog.getByLabel('Name').fill('Terrasse');
    await expectAccessible(page);
    await createDialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(createDialog).toBeHidden();
    await expect(table.getByRole('cell', { name: 'Terrasse', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Terrasse bearbeiten' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Zugang bearbeiten' });
    await editDialog.getByLabel('Name').fill('Haustür');
    await editDialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(editDialog.getByRole('alert')).toHaveText('Ein Zugang mit diesem Namen existiert bereits.');
    await shot(page, 'base-data-entrances-duplicate');
    await editDialog.getByLabel('Name').fill('Gartenterrasse');
    await editDialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(editDialog).toBeHidden();
    await expect(table.getByRole('cell', { name: 'Gartenterrasse', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Gartenterrasse löschen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await expect(table.getByRole('cell', { name: 'Gartenterrasse', exact: true })).toBeHidden();
    await expectAccessible(page);
    await shot(page, 'base-data-entrances-after-delete');
  } finally {
    await phone.dispose();
  }
});
