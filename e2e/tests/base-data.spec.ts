import type { TCreatedRooms } from '@pms/contract';
import { expect, expectAccessible, loginAs, propertyNames, shot, test } from './fixtures.ts';

test('rooms: a range creates every room in it, and the same range again is refused', async ({
  page,
  adminApi,
}) => {
  // Single rooms: no journey books a single room, so the new ones take no booking meant elsewhere.
  const range = '951-953';
  const numbers = ['951', '952', '953'];
  await loginAs(page, 'admin@example.com', undefined, {
    property: propertyNames.austria,
    path: '/base-data/rooms',
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Stammdaten' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Zimmer' });
  const rows = table.getByRole('row');
  const rowOf = (number: string) =>
    rows.filter({ has: page.getByRole('cell', { name: number, exact: true }) });
  await expect(rowOf('101')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'base-data-rooms');

  let created: TCreatedRooms | undefined;
  try {
    await page.getByRole('button', { name: 'Zimmer anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zimmer anlegen' });
    await dialog.getByLabel('Nummer oder Bereich').fill(range);
    await dialog.getByLabel('Zimmerkategorie').selectOption({ label: 'Einzelzimmer (EZ)' });
    await expectAccessible(page);
    await shot(page, 'base-data-rooms-create-range');

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/rooms') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    const response = await saved;
    expect(response.status()).toBe(201);
    created = (await response.json()) as TCreatedRooms;
    expect(created.data.map((room) => room.number)).toEqual(numbers);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: '3 Zimmer angelegt' })).toBeVisible();

    // The single rooms, highest number first: the new ones lead the list.
    await page.getByLabel('Zimmerkategorie').selectOption({ label: 'Einzelzimmer (EZ)' });
    await page.getByRole('button', { name: 'Absteigend nach Nummer sortieren' }).click();
    await expect(page).toHaveURL(/sort=desc/);
    for (const [index, number] of numbers.toReversed().entries()) {
      // Row 0 holds the column headers.
      const row = rows.nth(index + 1);
      await expect(row.getByRole('cell').first()).toHaveText(number);
      await expect(row).toContainText('Einzelzimmer');
      await expect(row).toContainText('Sauber');
    }
    await expectAccessible(page);
    await shot(page, 'base-data-rooms-range-created');

    await page.getByRole('button', { name: 'Zimmer anlegen' }).click();
    await dialog.getByLabel('Nummer oder Bereich').fill(range);
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Ein Zimmer mit dieser Nummer existiert bereits.');
    await expectAccessible(page);
    await shot(page, 'base-data-rooms-range-refused');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
    for (const number of numbers) await expect(rowOf(number)).toHaveCount(1);
  } finally {
    // The rooms would change the counts other journeys see (housekeeping, dashboard, room plan).
    for (const room of created?.data ?? []) {
      const deleted = await adminApi.delete(`/api/rooms/${room.id}`);
      expect(deleted.status(), `deleting room ${room.number}`).toBe(204);
    }
  }
});
