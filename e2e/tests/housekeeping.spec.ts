import { expect, expectAccessible, loginAs, propertyNames, shot, test } from './fixtures.ts';
import { housekeepingRoom, setHousekeepingStatus } from './stays.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('on a phone, housekeeping filters the dirty rooms and confirms one clean', async ({
  page,
  adminApi,
}) => {
  // A single room no other journey moves a booking into or changes the status of.
  const room = await housekeepingRoom(adminApi, '104');
  await setHousekeepingStatus(adminApi, room.id, 'dirty');

  await loginAs(page, 'cleaning@example.com', undefined, { property: propertyNames.austria });
  await expect(page).toHaveURL('/housekeeping');
  await expect(page.getByRole('heading', { level: 1, name: 'Housekeeping' })).toBeVisible();
  const rooms = page.getByRole('list', { name: 'Zimmer' });
  const card = rooms.getByRole('link', { name: /^Zimmer 104(?!\d)/ });
  await expect(card).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'housekeeping-phone');

  const filters = page.getByRole('group', { name: 'Zimmer filtern' });
  await filters.getByRole('button', { name: 'Schmutzig' }).tap();
  await expect(page).toHaveURL('/housekeeping?filter=dirty');
  await expect(filters.getByRole('button', { name: 'Schmutzig' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card).toContainText('Schmutzig');
  await expect(rooms.getByRole('link').filter({ hasText: 'Sauber' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'housekeeping-phone-dirty');

  await card.tap();
  await expect(page).toHaveURL(`/housekeeping/rooms/${room.id}/clean`);
  await expect(page.getByRole('heading', { level: 1, name: 'Zimmer 104' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Zimmer 104' })).toContainText('Schmutzig');
  await expectAccessible(page);
  await shot(page, 'housekeeping-phone-room');

  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/housekeeping/rooms/${room.id}`) &&
      response.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Zimmer ist sauber' }).tap();
  expect((await saved).status()).toBe(200);
  // Back on the list with the filter the cleaner came from; the clean room has left it.
  await expect(page).toHaveURL('/housekeeping?filter=dirty');
  await expect(page.getByRole('status').filter({ hasText: 'Zimmer 104 ist sauber' })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'housekeeping-phone-cleaned');

  await filters.getByRole('button', { name: 'Sauber' }).tap();
  await expect(page).toHaveURL('/housekeeping?filter=clean');
  await expect(card).toContainText('Sauber');
  expect((await housekeepingRoom(adminApi, '104')).housekeepingStatus).toBe('clean');
});
