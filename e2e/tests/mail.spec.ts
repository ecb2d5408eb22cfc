import { addDays } from '@pms/contract';
import { expect, expectAccessible, loginAs, shot, test, uniqueEmail, uniqueName } from './fixtures.ts';
import { createBooking, freeRooms, propertyToday } from './stays.ts';

test('the booking confirmation is sent from the booking and opened in the outbox', async ({
  page,
  createMember,
  apiAs,
}) => {
  const member = await createMember({ name: 'Rita Rezeption', password: 'rezeption-am-abend-1' });
  const api = await apiAs(member.email, member.password);
  const checkIn = addDays(await propertyToday(api), 9);
  const checkOut = addDays(checkIn, 2);
  const [room] = await freeRooms(api, 'Doppelzimmer', checkIn, checkOut);
  const email = uniqueEmail('bestaetigung');
  const booking = await createBooking(api, {
    roomId: room!.id,
    checkIn,
    checkOut,
    occupancy: 2,
    customer: { name: uniqueName('Anna "Nanni" <b>Berger</b>'), email },
  });

  await loginAs(page, member.email, member.password, { path: `/bookings/${booking.id}` });
  await page.getByRole('button', { name: 'Bestätigung senden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buchungsbestätigung senden' });
  await expect(dialog.getByLabel('Empfänger')).toHaveValue(email);
  const sent = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/confirmation/send'),
  );
  await dialog.getByRole('button', { name: 'Senden' }).click();
  expect((await sent).status()).toBe(202);
  await expect(page.getByRole('status').filter({ hasText: 'Bestätigung wird gesendet' })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/outbox');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(`Buchungsbestätigung ${booking.code}`);
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { name: `Buchungsbestätigung ${booking.code}` })).toBeVisible();
  await expect(page.getByText('vielen Dank für Ihre Buchung')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'booking-confirmation-sent');
});
