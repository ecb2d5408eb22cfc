// The portal tells the guest what happens, on a phone: a refused upload names its reason, an
// impossible date is called invalid, and after check-out the portal thanks the guest and only shows.
import { addDays } from '@pms/contract';
import type { TBooking } from '@pms/contract';
import { expect, expectAccessible, shot, test, uniqueName, type TApiClient } from './fixtures.ts';
import { fillPortalDate } from './portal-steps.ts';
import { createBooking, createRoomOfNewType, propertyToday } from './stays.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A property of its own, a room and a booking from today for one guest; the link's portal path. */
async function stayWithLink(
  adminApi: TApiClient,
  apiAs: (email: string, password?: string, options?: { property?: string }) => Promise<TApiClient>,
) {
  const propertyName = uniqueName('Almhof Portal');
  const created = await adminApi.post('/api/properties', {
    name: propertyName,
    checkInTime: '00:00',
    checkOutTime: '23:59',
    address: { line1: 'Almweg 3', postalCode: '5700', city: 'Zell am See', country: 'at' },
    communication: { phone: '+43 6542 1234', email: 'rezeption@almhof.example' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const api = await apiAs('admin@example.com', undefined, { property: propertyName });
  const settings = await api.patch('/api/settings/general', {
    featurePreCheckIn: true,
    featurePayment: true,
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const { roomTypeId, roomId } = await createRoomOfNewType(api, { name: 'Almzimmer', code: 'AZ' }, '21');
  const today = await propertyToday(api);
  const booking = await createBooking(api, {
    roomId,
    roomTypeId,
    checkIn: today,
    checkOut: addDays(today, 2),
    occupancy: 1,
    customer: { name: uniqueName('Greta Gast') },
  });
  const withLink = await api.get(`/api/bookings/${booking.id}?expand=link`);
  expect(withLink.ok(), await withLink.text()).toBe(true);
  const { link } = (await withLink.json()) as TBooking & { link: { id: string } };
  return { api, booking, base: `/portal/${link.id}` };
}

test('the portal names a refused upload and an impossible date, and is read-only after check-out', async ({
  page,
  adminApi,
  apiAs,
}) => {
  const { api, booking, base } = await stayWithLink(adminApi, apiAs);

  await page.goto(`${base}/check-in`);
  await expect(page.getByRole('heading', { name: /Anmeldung/ })).toBeVisible();

  // A text file: the type is refused with the types allowed, and sending it again is not offered.
  const upload = page.locator('input[type=file]');
  const refused = page.waitForResponse(
    (response) => response.url().includes('/files') && response.status() === 415,
  );
  await upload.setInputFiles({
    name: 'notizen.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('kein Ausweis'),
  });
  await refused;
  await expect(
    page.getByText('Dieser Dateityp ist nicht erlaubt. Erlaubt sind JPG, PNG, WebP und PDF.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'portal-upload-type-refused');

  // A file over the limit names the limit.
  const tooLarge = Buffer.alloc(11 * 1024 * 1024, 0x20);
  tooLarge.write('%PDF-1.4\n');
  await upload.setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: tooLarge });
  await expect(page.getByText('Die Datei ist zu groß. Erlaubt sind höchstens 10 MB.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toHaveCount(0);
  await shot(page, 'portal-upload-too-large');

  // 31 February is no date: the field says so instead of "missing".
  await fillPortalDate(page, 'Geburtsdatum', ['31', '02', '1990']);
  const birthDate = page.getByRole('group', { name: /^Geburtsdatum/ });
  await expect(birthDate.getByText('Ungültiges Datum')).toBeVisible();
  await expect(birthDate.getByText('Fehlt noch')).toHaveCount(0);
  await expect(birthDate.getByLabel('Tag')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await shot(page, 'portal-date-invalid');
  await birthDate.getByLabel('Tag').fill('28');
  await expect(birthDate.getByText('Ungültiges Datum')).toHaveCount(0);

  // The front desk checks the guest in and out.
  expect((await api.post(`/api/bookings/${booking.id}/actions/check_in`)).status()).toBe(200);
  const checkedOut = await api.post(
    `/api/bookings/${booking.id}/actions/check_out?shortenStay=false&confirmDueAmount=true`,
  );
  expect(checkedOut.status(), await checkedOut.text()).toBe(200);

  // Home after check-out: thanks and the invoices, no check-in, no doors.
  await page.goto(base);
  await expect(page.getByText('Ausgecheckt', { exact: true })).toBeVisible();
  const thanks = page.locator('section', {
    has: page.getByRole('heading', { name: 'Danke für Ihren Aufenthalt' }),
  });
  await expect(thanks).toBeVisible();
  await expect(thanks.getByRole('link', { name: 'Rechnungen' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Online-Check-in' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Einchecken' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'portal-home-checked-out');

  // The wizard only shows: no field to edit, no upload, no signature pad, no check-in button.
  await page.goto(`${base}/check-in`);
  await expect(
    page.getByText('Sie sind ausgecheckt. Ihre Angaben können nicht mehr geändert werden.'),
  ).toBeVisible();
  await expect(page.getByLabel(/^Vor- und Nachname/)).toBeDisabled();
  await expect(page.getByText('Fehlt noch')).toHaveCount(0);
  await expect(page.locator('input[type=file]')).toHaveCount(0);
  await expect(page.getByTestId('signature-pad')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Einchecken' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Löschen' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'portal-check-in-checked-out');

  // In English on request.
  await page.goto(base);
  await page.getByLabel('Sprache').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Thank you for your stay' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'portal-home-checked-out-en');
});
