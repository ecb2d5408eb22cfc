// The guest's whole journey with money due, on a phone: two guests registered, a document uploaded,
// signed and confirmed, a payment cancelled and then paid at the simulated partner, checked in, a
// door opened, the key card, then the invoice staff issued edited and downloaded. And the same portal
// in English on a wide screen. axe on every screen (the simulator's page too), screenshots saved.
import { readFile } from 'node:fs/promises';
import type { TBooking } from '@pms/contract';
import { expect, expectAccessible, shot, test } from './fixtures.ts';
import { invoicesRendered, ok, portalStay, registerGuests, stayPrice } from './portal-steps.ts';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a guest registers, pays at the partner, checks in, opens a door and gets the invoice', async ({
    page,
    adminApi,
    apiAs,
  }) => {
    // The whole stay in one test, with two rendered invoices: more than a usual test's time.
    test.slow();
    const { api, booking, folioId, base, mainName, companionName } = await portalStay(
      adminApi,
      apiAs,
      'Seehof Zahlung',
    );

    await registerGuests(page, { booking, base, mainName, companionName });

    // The payment step: the line item and the pay button with the amount due.
    await expect(page.getByText('Bitte begleichen Sie den offenen Betrag vor dem Check-in.')).toBeVisible();
    await expect(page.getByText('Seezimmer Pauschale')).toBeVisible();
    // Each line shows the day it is booked on, the first night's on the arrival day.
    const [year, month, day] = booking.checkIn.split('-');
    await expect(page.getByRole('row').filter({ hasText: 'Seezimmer Pauschale' }).first()).toContainText(
      `${day}.${month}.${year}`,
    );
    const payButton = page.getByRole('button', { name: '€ 240,00 bezahlen' });
    await expect(payButton).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'portal-pay-due');

    // A first attempt, cancelled at the partner: back with the cancelled notice, still due.
    await payButton.click();
    await page.waitForURL(/\/payments\/simulator\//);
    await expect(page.getByText(/240,00/).first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'portal-simulator');
    await page.getByRole('button', { name: 'Abbrechen · Cancel' }).click();
    await page.waitForURL(new RegExp(`${base}/check-in(\\?status=\\w+)?$`));
    await expect(page.getByText('Die Zahlung wurde abgebrochen.')).toBeVisible();
    await expect(page.getByRole('button', { name: '€ 240,00 bezahlen' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'portal-pay-cancelled');

    // Paid at the partner: back with the success notice and nothing due.
    await page.getByRole('button', { name: '€ 240,00 bezahlen' }).click();
    await page.waitForURL(/\/payments\/simulator\//);
    await page.getByRole('button', { name: /^Bezahlen · Pay/ }).click();
    await page.waitForURL(new RegExp(`${base}/check-in(\\?status=\\w+)?$`));
    await expect(page.getByText('Zahlung erfolgreich. Vielen Dank!')).toBeVisible();
    await expect(page.getByText('Es ist kein Betrag offen.')).toBeVisible();
    await expect(page.getByRole('button', { name: /bezahlen$/ })).toHaveCount(0);
    await expect(page.getByText('Schritt 4 von 4')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'portal-pay-success');

    await page.getByRole('button', { name: 'Einchecken' }).click();
    await expect(page.getByText(/Check-in erfolgreich/)).toBeVisible();
    await expectAccessible(page);

    // Home: a door opened, and the key card with the room and the booking's security code.
    await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();
    await expect(page.getByText('Eingecheckt', { exact: true })).toBeVisible();
    const roomDoor = page.getByRole('listitem').filter({ hasText: 'Zimmer 11' });
    await roomDoor.getByRole('button', { name: 'Öffnen' }).click();
    await expect(page.getByText('Zimmer 11 ist offen.')).toBeVisible();
    const staffView = await ok<TBooking & { securityCode: string | null }>(
      await api.get(`/api/bookings/${booking.id}`),
    );
    const keyCard = page.locator('section', { has: page.getByRole('heading', { name: 'Schlüsselkarte' }) });
    await expect(keyCard).toContainText('Zimmer 11');
    expect(staffView.securityCode).toBeTruthy();
    await expect(keyCard).toContainText(`Sicherheitscode: ${staffView.securityCode}`);
    await expectAccessible(page);
    await shot(page, 'portal-home-key-card');

    // Staff issue the invoice over the paid folio; the guest finds it under invoices.
    await ok(await api.post('/api/invoices', { folioId }), 201);
    await invoicesRendered(api, booking.id);
    await page.reload();
    await page.getByRole('link', { name: 'Öffnen', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Rechnungen' })).toBeVisible();
    await expect(page.getByText('Bezahlt', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'portal-invoices-issued');

    // The billing address: the country list starts with Austria, Germany, Switzerland.
    await page.getByRole('button', { name: 'Bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rechnungsadresse bearbeiten' });
    await expect(dialog).toBeVisible();
    const countries = dialog.getByLabel('Land', { exact: true }).locator('option');
    await expect(countries.nth(1)).toHaveText('Österreich');
    await expect(countries.nth(2)).toHaveText('Deutschland');
    await expect(countries.nth(3)).toHaveText('Schweiz');
    await dialog.getByLabel('Adresszeile 1').fill('Friedrichstraße 100');
    await dialog.getByLabel('Postleitzahl').fill('10117');
    await dialog.getByLabel('Ort').fill('Berlin');
    await dialog.getByLabel('Land', { exact: true }).selectOption('de');
    await dialog.getByLabel('Unternehmen (für eine Firmenrechnung)').fill('Gast Reisen GmbH');
    await dialog.getByLabel('UID-/USt-IdNr. des Unternehmens').fill('DE123456789');
    await expect(
      dialog.getByRole('checkbox', { name: 'Adresse für künftige Rechnungen speichern' }),
    ).not.toBeChecked();
    await expectAccessible(page);
    await shot(page, 'portal-invoice-edit', { fullPage: false });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Rechnung aktualisiert')).toBeVisible();

    // Re-issued with the new address: the old one canceled, the new one downloaded as a PDF.
    const invoices = await invoicesRendered(api, booking.id);
    const current = invoices.find(
      (invoice) => invoice.status !== 'canceled' && invoice.totalAmount === stayPrice,
    )!;
    expect(current.billingAddress).toMatchObject({ line1: 'Friedrichstraße 100', country: 'de' });
    expect(current).toMatchObject({ recipientCompany: 'Gast Reisen GmbH', recipientVatId: 'DE123456789' });
    await page.reload();
    await expect(
      page.getByText('Eine Rechnung wurde storniert. Rechnungen können nicht mehr bearbeitet werden.'),
    ).toBeVisible();
    const entry = page.getByRole('listitem').filter({ hasText: current.number! });
    await expect(entry.getByRole('button', { name: 'Herunterladen' })).toBeEnabled();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      entry.getByRole('button', { name: 'Herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`${current.number!}.*\\.pdf$`));
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await expectAccessible(page);
    await shot(page, 'portal-invoices-edited');
  });
});

test.describe('on a wide screen in English', () => {
  test.use({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });

  test('a guest finds home, check-in with the guests as tabs, and invoices', async ({
    page,
    adminApi,
    apiAs,
  }) => {
    const { booking, base, mainName, companionName } = await portalStay(adminApi, apiAs, 'Seehof Desktop');

    await page.goto(base);
    await expect(page.getByRole('heading', { name: `Booking ${booking.code}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Online check-in' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'portal-desktop-home');

    await page.getByRole('link', { name: 'Check in' }).click();
    await expect(page.getByText(/Step 1 of 4/)).toBeVisible();
    // Wide: the guests are tabs, labelled by name.
    const tabs = page.getByRole('tablist', { name: 'Guests' });
    await expect(tabs.getByRole('tab')).toHaveCount(2);
    await expect(tabs.getByRole('tab', { name: new RegExp(mainName) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await tabs.getByRole('tab', { name: new RegExp(companionName) }).click();
    await expect(tabs.getByRole('tab', { name: new RegExp(companionName) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('heading', { name: '3. Payment' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'portal-desktop-check-in');

    await page.goto(`${base}/invoices`);
    await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
    await expect(page.getByText('No invoices yet.')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'portal-desktop-invoices');
  });
});
