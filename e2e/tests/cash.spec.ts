import { addDays, type TCashRegister, type TPaymentMethod } from '@pms/contract';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, propertyNames, shot, test, uniqueName } from './fixtures.ts';
import { createBooking, freeRooms, propertyToday } from './stays.ts';

/** A card of the page by the start of its heading. */
function card(page: Page, title: RegExp): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title }) });
}

/** Clicks a link that opens a PDF in a new tab; the tab opened and the server answered with a PDF. */
async function expectPdfInNewTab(
  context: BrowserContext,
  page: Page,
  open: () => Promise<void>,
  path: RegExp,
) {
  const popup = page.waitForEvent('popup');
  const pdf = context.waitForEvent('response', (response) => path.test(new URL(response.url()).pathname));
  await open();
  const [tab, response] = await Promise.all([popup, pdf]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  await tab.close();
}

// The journey works a register of its own, signing a cash method of its own: the demo's reception
// register stays open for the other journeys that take cash in the Austrian property, and closing
// this register's day blocks nobody else.
test('the desk works a cash register: open, take cash with a receipt, withdraw, count, close the day; a manager reviews the difference', async ({
  page,
  context,
  adminApi,
  apiAs,
  createMember,
}) => {
  test.slow();
  const methodName = uniqueName('Etagenkasse Bar');
  const method = await adminApi.post('/api/payment_methods', { name: methodName, kind: 'cash' });
  expect(method.status(), await method.text()).toBe(201);
  const methodId = ((await method.json()) as TPaymentMethod).id;
  const registerName = uniqueName('Etagenkasse');
  const cashBoxId = `E2E-${Date.now().toString(36)}`;

  // The base data: an administrator sets the register up (fiskaly's fields only while fiskaly is chosen).
  await loginAs(page, 'admin@example.com', undefined, {
    property: propertyNames.austria,
    path: '/base-data/cash-registers',
  });
  const registers = card(page, /^Registrierkassen/);
  await expect(registers.getByRole('table', { name: 'Registrierkassen' })).toContainText('Rezeption');
  await registers.getByRole('button', { name: 'Kasse anlegen' }).click();
  const form = page.getByRole('dialog', { name: 'Kasse anlegen' });
  await form.getByLabel('Name', { exact: true }).fill(registerName);
  await form.getByLabel('Kassen-ID').fill(cashBoxId);
  await form.getByLabel('Recht', { exact: true }).selectOption({ label: 'Österreich (RKSV)' });
  await form.getByLabel('Signatur', { exact: true }).selectOption({ label: 'fiskaly' });
  await expect(form.getByLabel('API-Secret')).toBeVisible();
  await form.getByRole('checkbox', { name: methodName }).check();
  await expectAccessible(page);
  await shot(page, 'base-data-cash-register-form');
  await form
    .getByLabel('Signatur', { exact: true })
    .selectOption({ label: 'Simulator (keine gültigen Belege)' });
  await expect(form.getByLabel('API-Secret')).toBeHidden();
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/cash_registers') && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Erstellen' }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByRole('status').filter({ hasText: 'Kasse angelegt' })).toBeVisible();
  const row = registers.getByRole('row').filter({ hasText: registerName });
  await expect(row).toContainText(methodName);
  await expect(row).toContainText('SIMULATION');
  const listed = (await (await adminApi.get('/api/cash_registers')).json()) as TCashRegister[];
  const register = listed.find((item) => item.name === registerName)!;
  expect(register.paymentMethodIds).toEqual([methodId]);

  // A stay whose guest pays cash at the desk.
  const today = await propertyToday(adminApi);
  const checkIn = addDays(today, 150);
  const [room] = await freeRooms(adminApi, 'Doppelzimmer', checkIn, addDays(checkIn, 2));
  const booking = await createBooking(adminApi, {
    roomId: room!.id,
    checkIn,
    checkOut: addDays(checkIn, 2),
    occupancy: 2,
  });

  // The front desk opens the register: there are several, so it chooses this one.
  const staff = await createMember({ role: 'staff', name: 'Karl Kasse', password: 'cash-desk-1234' });
  await page.context().clearCookies();
  await loginAs(page, staff.email, staff.password, { property: propertyNames.austria, path: '/cash' });
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
  await page.getByLabel('Kasse', { exact: true }).selectOption({ label: registerName });
  const overview = card(page, new RegExp(`^${registerName}`));
  await expect(overview).toContainText('Geschlossen');
  await expect(overview).toContainText('SIMULATION');
  await overview.getByRole('button', { name: 'Kasse öffnen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Kasse geöffnet.' })).toBeVisible();
  await expect(overview).toContainText('Karl Kasse seit');

  // Cash for the folio: the payment gets a signed receipt, printed in a new tab.
  await page.goto(`/bookings/${booking.id}?tab=folios`);
  const folio = card(page, /^Folio 1/);
  await folio.getByRole('button', { name: 'Zahlung', exact: true }).click();
  const paymentDialog = page.getByRole('dialog', { name: 'Zahlung erfassen' });
  await paymentDialog.getByLabel('Betrag').fill('50,00');
  await paymentDialog.getByLabel('Zahlungsart').selectOption({ label: methodName });
  const paid = page.waitForResponse(
    (response) => response.url().endsWith('/payments') && response.request().method() === 'POST',
  );
  await paymentDialog.getByRole('button', { name: 'Zahlung buchen' }).click();
  expect((await paid).status()).toBe(201);
  await expect(paymentDialog).toBeHidden();
  const payments = folio.getByRole('table', { name: 'Zahlungen auf Folio 1' });
  await expect(payments).toContainText(/Beleg Nr\. \d+/);
  await expect(payments).toContainText('SIMULATION');
  await expectPdfInNewTab(
    context,
    page,
    () => payments.getByRole('link', { name: /^Beleg Nr\. \d+ auf A4 drucken$/ }).click(),
    /^\/api\/fiscal_receipts\/[^/]+\/pdf$/,
  );
  // And e-mailed to the guest, the PDF attached.
  await payments.getByRole('button', { name: /^Beleg Nr\. \d+ per E-Mail senden$/ }).click();
  const mailDialog = page.getByRole('dialog', { name: /^Beleg Nr\. \d+ per E-Mail senden$/ });
  await mailDialog.getByLabel('Empfänger').fill('gast@example.com');
  const sent = page.waitForResponse(
    (response) => response.url().endsWith('/send') && response.request().method() === 'POST',
  );
  await mailDialog.getByRole('button', { name: 'Senden' }).click();
  expect((await sent).status()).toBe(202);
  await expect(mailDialog).toBeHidden();

  // Back at the register: the payment in the cash book, then a withdrawal with its reason.
  await page.goto(`/cash?register=${register.id}`);
  await expect(overview).toContainText('50,00');
  const book = page.getByRole('table', { name: 'Kassenbuch' });
  await expect(book.getByRole('row').filter({ hasText: 'Zahlung' })).toContainText(/Beleg Nr\. \d+/);
  await overview.getByRole('button', { name: 'Entnahme' }).click();
  const withdrawal = page.getByRole('dialog', { name: 'Entnahme aus der Kasse' });
  await withdrawal.getByLabel('Betrag').fill('10,00');
  await withdrawal.getByLabel('Grund').fill('Blumen für die Rezeption');
  await withdrawal.getByRole('button', { name: 'Entnahme buchen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Entnahme gebucht.' })).toBeVisible();
  await expect(book.getByRole('row').filter({ hasText: 'Blumen für die Rezeption' })).toContainText('40,00');

  // The shift closes with 2,50 short: the dialog shows the difference as the count is typed.
  await overview.getByRole('button', { name: 'Schicht abschließen' }).click();
  const closeShift = page.getByRole('dialog', { name: 'Schicht abschließen' });
  await expect(closeShift).toContainText('40,00');
  await closeShift.getByLabel('Gezählter Bestand').fill('37,50');
  await expect(closeShift).toContainText(/Differenz\s*-\s?€\s?2,50/);
  await expectAccessible(page);
  await shot(page, 'cash-close-shift', { fullPage: false });
  await closeShift.getByRole('button', { name: 'Schicht abschließen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Schicht abgeschlossen.' })).toBeVisible();
  const shifts = page.getByRole('table', { name: 'Schichten' });
  await expect(shifts.getByRole('row').filter({ hasText: 'Karl Kasse' })).toContainText('Zu prüfen');

  // The day closes last (no cash can be booked on it after); its Z report opens in a new tab.
  await overview.getByRole('button', { name: 'Tag abschließen' }).click();
  const confirmClose = page.getByRole('dialog', { name: 'Tag abschließen?' });
  await expectPdfInNewTab(
    context,
    page,
    () => confirmClose.getByRole('button', { name: 'Tag abschließen' }).click(),
    /^\/api\/cash_day_closes\/[^/]+\/pdf$/,
  );
  await expect(
    page.getByRole('status').filter({ hasText: /Tag abgeschlossen: Z-Bericht Nr\. \d+\./ }),
  ).toBeVisible();
  await expect(overview).toContainText('Tag abgeschlossen');
  await expect(page.getByRole('table', { name: 'Tagesabschlüsse' })).toContainText(/Z-Bericht Nr\. \d+/);
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'cash-register');

  // A manager, reading the app in English, reviews the difference.
  const manager = await createMember({ role: 'manager', name: 'Mia Prüfer', password: 'cash-review-1234' });
  const managerApi = await apiAs(manager.email, manager.password);
  expect((await managerApi.patch('/api/session/profile', { language: 'en' })).ok()).toBe(true);
  await page.context().clearCookies();
  await loginAs(page, manager.email, manager.password, {
    property: propertyNames.austria,
    path: `/cash?register=${register.id}`,
  });
  const englishShifts = page.getByRole('table', { name: 'Shifts' });
  await englishShifts
    .getByRole('row')
    .filter({ hasText: 'Karl Kasse' })
    .getByRole('button', { name: 'Review' })
    .click();
  const review = page.getByRole('dialog', { name: 'Review the counted difference' });
  await review.getByLabel('What the review found').fill('Counted again: a roll of coins was in the safe.');
  await expectAccessible(page);
  await review.getByRole('button', { name: 'Mark as reviewed' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Difference reviewed.' })).toBeVisible();
  await expect(englishShifts.getByRole('row').filter({ hasText: 'Karl Kasse' })).toContainText(
    'Reviewed by Mia Prüfer',
  );
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'cash-register-en');
});
