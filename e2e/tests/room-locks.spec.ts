import { addDays, type TRoomLock } from '@pms/contract';
import { expect, expectAccessible, loginAs, propertyNames, shot, test, uniqueName } from './fixtures.ts';
import { createBooking, freeRooms, germanDate, propertyToday } from './stays.ts';

test('room locks: a lock for a free room is listed; a lock over a booking is refused', async ({
  page,
  adminApi,
}) => {
  // Suites seven weeks ahead: beyond the demo bookings and every other journey's days.
  const today = await propertyToday(adminApi);
  const startDate = addDays(today, 50);
  const endDate = addDays(today, 52);
  const [freeRoom, bookedRoom] = await freeRooms(adminApi, 'Suite', startDate, addDays(endDate, 1));
  const guestBooking = await createBooking(adminApi, {
    roomId: bookedRoom!.id,
    checkIn: startDate,
    checkOut: addDays(endDate, 1),
    occupancy: 2,
    customer: { name: uniqueName('Walter Wochenende') },
  });

  await loginAs(page, 'admin@example.com', undefined, {
    property: propertyNames.austria,
    path: '/room-locks',
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Zimmersperren' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Zimmersperren' });
  await expect(table).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'room-locks');

  const reason = uniqueName('Malerarbeiten');
  const dialog = page.getByRole('dialog', { name: 'Neue Zimmersperre' });
  const fillLock = async (roomNumber: string, lockReason: string) => {
    await page.getByRole('button', { name: 'Neue Zimmersperre' }).click();
    await dialog.getByLabel('Zimmer', { exact: true }).selectOption({ label: `${roomNumber} · Suite` });
    await dialog.getByLabel('Erster Tag').fill(germanDate(startDate));
    await dialog.getByLabel('Letzter Tag').fill(germanDate(endDate));
    await dialog.getByLabel('Grund').fill(lockReason);
  };

  await fillLock(freeRoom!.number, reason);
  await expect(dialog.getByLabel('Erster Tag')).toHaveValue(germanDate(startDate));
  await expect(dialog.getByLabel('Letzter Tag')).toHaveValue(germanDate(endDate));
  await expectAccessible(page);
  await shot(page, 'room-locks-create');

  // A day that does not exist stays as typed and is refused, rather than saved as another day.
  const lastDay = dialog.getByLabel('Letzter Tag');
  await lastDay.fill('31.02.2026');
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  await expect(lastDay).toHaveAttribute('aria-invalid', 'true');
  await expect(lastDay).toHaveAccessibleDescription('Bitte gib ein gültiges Datum ein, etwa 26.11.2026.');
  await expect(lastDay).toHaveValue('31.02.2026');
  await shot(page, 'room-locks-create-impossible-day');
  // The calendar beside the field opens the browser's own, from the first day on; the day chosen
  // there replaces the text.
  await dialog.getByRole('button', { name: 'Kalender öffnen' }).last().click();
  const calendar = dialog.locator('input[type="date"]').last();
  await expect(calendar).toHaveAttribute('min', startDate);
  await calendar.fill(endDate);
  await expect(lastDay).toHaveValue(germanDate(endDate));
  await expect(lastDay).not.toHaveAttribute('aria-invalid');
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/room_locks') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const lock = (await response.json()) as TRoomLock;
  expect(lock).toMatchObject({ roomId: freeRoom!.id, startDate, endDate, status: 'scheduled' });
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Zimmersperre angelegt.' })).toBeVisible();

  const row = table.getByRole('row').filter({ hasText: reason });
  await expect(row.getByRole('cell').first()).toHaveText(freeRoom!.number);
  await expect(row).toContainText(germanDate(startDate));
  await expect(row).toContainText(germanDate(endDate));
  await expect(row).toContainText('Geplant');
  await expectAccessible(page);
  await shot(page, 'room-locks-created');

  // The other suite has a guest on those nights.
  const refusedReason = uniqueName('Teppich');
  await fillLock(bookedRoom!.number, refusedReason);
  const refused = page.waitForResponse(
    (answer) => answer.url().endsWith('/api/room_locks') && answer.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  expect((await refused).status()).toBe(409);
  // The refusal names the booking the lock would meet.
  await expect(dialog.getByRole('alert')).toHaveText(
    `Zimmer ${bookedRoom!.number} ist in diesem Zeitraum durch Buchung ${guestBooking.code} belegt.`,
  );
  await expectAccessible(page);
  await shot(page, 'room-locks-overlap-refused');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: refusedReason })).toHaveCount(0);
});
