import { readFile } from 'node:fs/promises';
import {
  addDays,
  type TContact,
  type TFolioList,
  type TInvoice,
  type TPaged,
  type TRate,
  type TRoomType,
} from '@pms/contract';
import { unzipSync } from 'fflate';
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  loginAs,
  propertyNames,
  shot,
  test,
  uniqueName,
  type TApiClient,
} from './fixtures.ts';
import { createBooking, propertyToday } from './stays.ts';

/** A card of the page by the start of its heading. */
function card(page: Page, title: RegExp): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title }) });
}

async function json<T>(response: Awaited<ReturnType<TApiClient['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** A guest with a stay far ahead and an issued invoice: what an export lists and an erasure keeps. */
async function invoicedGuest(api: TApiClient) {
  const name = uniqueName('Erika Datenschutz');
  const contact = await json<TContact>(
    await api.post('/api/contacts', {
      name,
      email: `${name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '.')}@example.org`,
      phone: '+43 660 7654321',
      dateOfBirth: '1979-08-14',
      nationality: 'at',
      address: { line1: 'Linzer Gasse 12', postalCode: '5020', city: 'Salzburg', country: 'at' },
      isDebtor: true,
    }),
  );
  const roomType = (await json<TPaged<TRoomType>>(await api.get('/api/room_types'))).data[0]!;
  const rate = (await json<TPaged<TRate>>(await api.get('/api/rates'))).data[0]!;
  const checkIn = addDays(await propertyToday(api), 500 + Math.floor(Math.random() * 300));
  const booking = await createBooking(api, {
    occupancy: 1,
    roomTypeId: roomType.id,
    rateId: rate.id,
    checkIn,
    checkOut: addDays(checkIn, 2),
    customerId: contact.id,
  });
  const folio = (await json<TFolioList>(await api.get(`/api/folios?bookingId=${booking.id}`))).data[0]!;
  const invoice = await json<TInvoice>(
    await api.post('/api/invoices', { folioId: folio.id, closeWithDueAmount: true }),
  );
  return { contact, invoice };
}

test('an admin exports a guest’s data, opens the ZIP’s listing, and erases the guest keeping the invoice', async ({
  page,
  adminApi,
  apiAs,
  createMember,
}) => {
  test.slow();
  const { contact, invoice } = await invoicedGuest(adminApi);
  await loginAs(page, 'admin@example.com', undefined, {
    property: propertyNames.austria,
    path: `/contacts/${contact.id}`,
  });
  await page.getByRole('tab', { name: 'Datenschutz' }).click();

  // The export: made in the background, its progress shown, then its listing and the ZIP itself.
  const exports = card(page, /^Auskunft/);
  await expect(exports).toContainText('Noch kein Export.');
  const requested = page.waitForResponse(
    (response) => response.url().endsWith('/personal-data-exports') && response.request().method() === 'POST',
  );
  await exports.getByRole('button', { name: 'Daten exportieren' }).click();
  expect((await requested).status()).toBe(202);
  await expect(exports.getByText('Fertig')).toBeVisible({ timeout: 30_000 });
  await exports.getByRole('button', { name: 'Inhalt anzeigen' }).click();
  const listing = exports.getByRole('list', { name: 'Inhalt der ZIP-Datei' });
  await expect(listing).toContainText('contact.json');
  await expect(listing).toContainText(`files/invoices/`);
  await expectAccessible(page);
  await shot(page, 'privacy-export-listing');

  const download = page.waitForEvent('download');
  await exports.getByRole('button', { name: /^Herunterladen/ }).click();
  const zip = unzipSync(new Uint8Array(await readFile(await (await download).path())));
  expect(Object.keys(zip)).toEqual(
    expect.arrayContaining(['contact.json', 'invoices.json', 'bookings.json']),
  );
  expect(JSON.parse(Buffer.from(zip['contact.json']!).toString('utf8'))).toMatchObject({
    id: contact.id,
    name: contact.name,
  });
  const invoices = JSON.parse(Buffer.from(zip['invoices.json']!).toString('utf8')) as { number: string }[];
  expect(invoices.map((entry) => entry.number)).toEqual([invoice.number]);

  // The erasure: confirmed, the contact anonymised, the invoice kept with the law that keeps it.
  const erasure = card(page, /^Löschung/);
  await erasure.getByRole('button', { name: 'Daten löschen' }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toContainText(contact.name);
  const erased = page.waitForResponse(
    (response) => response.url().endsWith('/erasure') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Daten löschen' }).click();
  expect((await erased).status()).toBe(200);
  const kept = erasure.getByRole('table', { name: 'Aufbewahrte Unterlagen' });
  const invoiceRow = kept.getByRole('row').filter({ hasText: `Rechnung ${invoice.number}` });
  await expect(invoiceRow).toContainText('BAO § 132 (1)');
  await expect(page.getByRole('heading', { level: 1, name: 'Anonymisiert' })).toBeVisible();
  await expect(exports.getByRole('button', { name: 'Daten exportieren' })).toBeDisabled();
  await expectAccessible(page);
  await shot(page, 'privacy-erased');

  await invoiceRow.getByRole('link', { name: `Rechnung ${invoice.number}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(invoice.number!);

  // Another administrator, reading the app in English, sees the same erasure.
  const admin = await createMember({ role: 'admin', name: 'Ada Privacy', password: 'privacy-1234' });
  const englishApi = await apiAs(admin.email, admin.password);
  expect((await englishApi.patch('/api/session/profile', { language: 'en' })).ok()).toBe(true);
  await page.context().clearCookies();
  await loginAs(page, admin.email, admin.password, {
    property: propertyNames.austria,
    path: `/contacts/${contact.id}`,
  });
  await page.getByRole('tab', { name: 'Privacy' }).click();
  const english = card(page, /^Erasure/).getByRole('table', { name: 'Records kept' });
  await expect(english.getByRole('row').filter({ hasText: `Invoice ${invoice.number}` })).toContainText(
    'BAO § 132 (1)',
  );
  await expectAccessible(page);
  await shot(page, 'privacy-erased-en');
});
