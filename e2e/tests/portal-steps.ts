// Steps of the guest portal that several journeys take.
import type { Page } from '@playwright/test';
import { addDays } from '@pms/contract';
import type { TBooking, TFolioList, TInvoice, TPaged, TPaymentMethod } from '@pms/contract';
import { expect, idCardFile, uniqueName, type TApiClient } from './fixtures.ts';
import { createBooking, createRoomOfNewType, propertyToday } from './stays.ts';

/** Types a date into the portal's day, month and year fields under `legend`. */
export async function fillPortalDate(
  page: Page,
  legend: string,
  [day, month, year]: [string, string, string],
): Promise<void> {
  const group = page.getByRole('group', { name: new RegExp(`^${legend}`) });
  await group.getByLabel('Tag').fill(day);
  await group.getByLabel('Monat').fill(month);
  await group.getByLabel('Jahr').fill(year);
}

/**
 * Draws a few strokes on the signature pad and saves it. The pad can move while the strokes are drawn
 * (a notice above it appears, the ID document's reading for one): they are drawn again, measured
 * afresh, until the pad has taken them and its save button is enabled.
 */
export async function sign(page: Page, save: string, saved: string): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  const saveButton = page.getByRole('button', { name: save });
  await expect(async () => {
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++)
      await page.mouse.move(box.x + 30 + step * 20, box.y + box.height / 2 + (step % 2 ? -25 : 25), {
        steps: 3,
      });
    await page.mouse.up();
    await expect(saveButton).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await saveButton.click();
  await expect(page.getByText(saved)).toBeVisible();
}

/** Gross cents of the stay: what the guest pays at the simulator. */
export const stayPrice = 24_000;

export type TPortalStay = {
  api: TApiClient;
  booking: TBooking;
  folioId: string;
  base: string;
  mainName: string;
  companionName: string;
};

export async function ok<T>(response: Awaited<ReturnType<TApiClient['get']>>, status?: number): Promise<T> {
  if (status) expect(response.status(), await response.text()).toBe(status);
  else expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/**
 * A property of its own whose check-in opens at midnight (so the door opens at any hour), with the
 * portal's features on (the key card too), a card payment method, and a booking of two guests whose
 * folio holds the stay's price; returns the booking's portal address.
 */
export async function portalStay(
  adminApi: TApiClient,
  apiAs: (email: string, password?: string, options?: { property?: string }) => Promise<TApiClient>,
  label: string,
): Promise<TPortalStay> {
  const propertyName = uniqueName(label);
  await ok(
    await adminApi.post('/api/properties', {
      name: propertyName,
      checkInTime: '00:00',
      checkOutTime: '11:00',
      address: { line1: 'Seestraße 1', postalCode: '5020', city: 'Salzburg', country: 'at' },
      communication: { phone: '+43 662 123456', email: 'rezeption@seehof.example' },
    }),
    201,
  );
  const api = await apiAs('admin@example.com', undefined, { property: propertyName });
  await ok(
    await api.patch('/api/settings/general', {
      featurePreCheckIn: true,
      featurePayment: true,
      featureCheckInJack: true,
    }),
  );
  const methods = await ok<TPaged<TPaymentMethod>>(await api.get('/api/payment_methods?pageSize=100'));
  if (!methods.data.some((method) => method.kind === 'card'))
    await ok(await api.post('/api/payment_methods', { name: 'Kreditkarte', kind: 'card' }), 201);
  const taxRates = await ok<TPaged<{ id: string; percentage: number }>>(
    await api.get('/api/tax_rates?pageSize=100'),
  );
  const taxRateId =
    taxRates.data.find((rate) => rate.percentage === 10)?.id ??
    (
      await ok<{ id: string }>(
        await api.post('/api/tax_rates', { name: 'Beherbergung', percentage: 10 }),
        201,
      )
    ).id;
  const item = await ok<{ id: string }>(
    await api.post('/api/items', {
      name: 'Seezimmer Pauschale',
      type: 'accommodation',
      amount: stayPrice,
      taxRateId,
    }),
    201,
  );
  const { roomTypeId, roomId } = await createRoomOfNewType(api, { name: 'Seezimmer', code: 'SZ' }, '11');

  const today = await propertyToday(api);
  const mainName = uniqueName('Paula Portal');
  const companionName = 'Max Mitreisend';
  const booking = await createBooking(api, {
    roomId,
    roomTypeId,
    checkIn: today,
    checkOut: addDays(today, 2),
    occupancy: 2,
    customer: { name: mainName, email: 'paula@example.com' },
  });
  await ok(await api.post(`/api/bookings/${booking.id}/guests`, { name: companionName }));
  const folios = await ok<TFolioList>(await api.get(`/api/folios?bookingId=${booking.id}`));
  const folioId = folios.data[0]!.id;
  await ok(await api.post(`/api/folios/${folioId}/charges`, { itemId: item.id }), 201);
  const { link } = await ok<TBooking & { link: { id: string } }>(
    await api.get(`/api/bookings/${booking.id}?expand=link`),
  );
  return { api, booking, folioId, base: `/portal/${link.id}`, mainName, companionName };
}

/** Waits until every invoice of the booking has its PDF (rendered in the background). */
export async function invoicesRendered(api: TApiClient, bookingId: string): Promise<TInvoice[]> {
  let invoices: TInvoice[] = [];
  await expect
    .poll(
      async () => {
        invoices = (await ok<TPaged<TInvoice>>(await api.get(`/api/invoices?bookingId=${bookingId}`))).data;
        return invoices.length > 0 && invoices.every((invoice) => invoice.fileId !== null);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return invoices;
}

/**
 * The check-in's first steps on the portal of a `portalStay`: both guests registered (the main guest
 * in full, the companion with the address copied), each with an ID picture uploaded, signed and
 * confirmed; the guest is then back on the check-in, at the payment step.
 */
export async function registerGuests(
  page: Page,
  {
    booking,
    base,
    mainName,
    companionName,
  }: Pick<TPortalStay, 'booking' | 'base' | 'mainName' | 'companionName'>,
): Promise<void> {
  await page.goto(base);
  await expect(page.getByRole('heading', { name: `Buchung ${booking.code}` })).toBeVisible();
  await page.getByRole('link', { name: 'Einchecken' }).click();
  await expect(page.getByText(/Schritt 1 von 4/)).toBeVisible();

  // Two guests, as in portal.spec.ts: the main guest in full, the companion with the address copied.
  const guestSelect = page.getByLabel('Gast', { exact: true });
  const selectGuest = async (name: string) => {
    const value = await guestSelect.locator('option', { hasText: name }).getAttribute('value');
    await guestSelect.selectOption(value ?? '');
  };
  await selectGuest(mainName);
  await fillPortalDate(page, 'Geburtsdatum', ['12', '4', '1985']);
  await page.getByLabel(/^Geschlecht/).selectOption('female');
  await page.getByLabel(/^Staatsangehörigkeit/).selectOption('at');
  await page.getByLabel(/^Straße und Hausnummer/).fill('Getreidegasse 9');
  await page.getByLabel(/^Postleitzahl/).fill('5020');
  await page.getByLabel(/^Ort/).fill('Salzburg');
  await page.getByLabel(/^Land/).selectOption('at');
  await page.locator('input[type=file]').setInputFiles(idCardFile);
  await expect(page.getByRole('img', { name: /id-card/ })).toBeVisible();
  await expect(guestSelect.locator('option:checked')).toHaveText(/Vollständig/);

  await selectGuest(companionName);
  await fillPortalDate(page, 'Geburtsdatum', ['30', '9', '1987']);
  await page.getByLabel(/^Geschlecht/).selectOption('male');
  await page.getByLabel(/^Staatsangehörigkeit/).selectOption('at');
  await page.getByRole('button', { name: 'Adresse vom Hauptgast übernehmen' }).click();
  await expect(page.getByLabel(/^Ort/)).toHaveValue('Salzburg');
  await page.locator('input[type=file]').setInputFiles(idCardFile);
  await expect(page.getByRole('img', { name: /id-card/ })).toBeVisible();
  await expect(guestSelect.locator('option:checked')).toHaveText(/Vollständig/);

  await sign(page, 'Unterschrift speichern', 'Ihre Unterschrift ist gespeichert.');
  // Signed, but money is due: the guest is on the payment step.
  await expect(page.getByText('Schritt 3 von 4')).toBeVisible();
  await page.getByLabel('Ich bestätige, dass alle Angaben richtig und vollständig sind.').check();
  await expect(page.getByRole('heading', { name: `Buchung ${booking.code}` })).toBeVisible();
  await page.getByRole('link', { name: 'Einchecken' }).click();
}
