import { readFileSync } from 'node:fs';
import { addDays, type TContact, type TInvoice } from '@pms/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, propertyNames, shot, test, uniqueName } from './fixtures.ts';
import { createBooking, freeRooms, propertyToday } from './stays.ts';

/** A card of the page (a folio) by the start of its heading. */
function card(page: Page, title: RegExp): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title }) });
}

test('the desk posts charges, splits the bill, takes a payment, invoices, cancels and filters invoices', async ({
  page,
  adminApi,
}) => {
  // One bill from the first charge to the cancelled invoice: a long journey on a busy machine.
  test.slow();
  const today = await propertyToday(adminApi);
  // Weeks ahead of the demo bookings and the other journeys.
  const checkIn = addDays(today, 90);
  const [room] = await freeRooms(adminApi, 'Doppelzimmer', checkIn, addDays(checkIn, 2));
  const customerName = uniqueName('Rita Rechnung');
  const contact = await adminApi.post('/api/contacts', {
    name: customerName,
    address: { line1: 'Getreidegasse 9', postalCode: '5020', city: 'Salzburg', country: 'at' },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const customer = (await contact.json()) as TContact;
  const booking = await createBooking(adminApi, {
    roomId: room!.id,
    checkIn,
    checkOut: addDays(checkIn, 2),
    occupancy: 2,
    customerId: customer.id,
  });

  await loginAs(page, 'admin@example.com', undefined, {
    property: propertyNames.austria,
    path: `/bookings/${booking.id}?tab=folios`,
  });
  const firstFolio = card(page, /^Folio 1/);
  await expect(firstFolio).toBeVisible();

  // Two charges from the items of base data: one at the item's price, one with a price of its own.
  const postCharge = async (item: string, quantity: string, unitPrice?: string) => {
    await firstFolio.getByRole('button', { name: 'Leistung buchen', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Leistung buchen' });
    await dialog.getByLabel('Artikel').selectOption({ label: item });
    await dialog.getByLabel('Menge').fill(quantity);
    if (unitPrice) await dialog.getByLabel('Einzelpreis').fill(unitPrice);
    const posted = page.waitForResponse((response) => response.url().includes('/charges'));
    await dialog.getByRole('button', { name: 'Buchen', exact: true }).click();
    expect((await posted).status()).toBe(201);
    await expect(dialog).toBeHidden();
  };
  await postCharge('Getränke', '3');
  await expectAccessible(page);
  await postCharge('Parkplatz', '2', '12,50');
  const charges = firstFolio.getByRole('table', { name: 'Buchungen auf Folio 1' });
  await expect(charges.getByRole('row', { name: /Getränke/ })).toContainText('13,50');
  await expect(charges.getByRole('row', { name: /Parkplatz/ })).toContainText('25,00');

  // A wrong quantity is corrected and a wrong posting voided, each only with its reason: the originals
  // stay struck through, the reversing entries show why.
  await charges.getByRole('button', { name: 'Aktionen für Getränke' }).click();
  await page.getByRole('menuitem', { name: 'Getränke korrigieren' }).click();
  const correctDialog = page.getByRole('dialog', { name: 'Buchung korrigieren' });
  await expect(correctDialog.getByLabel('Einzelpreis')).toHaveValue('4,50');
  await correctDialog.getByLabel('Menge').fill('2');
  await correctDialog.getByRole('button', { name: 'Korrigieren', exact: true }).click();
  await expect(correctDialog.getByText('Mindestens 3 Zeichen')).toBeVisible();
  await correctDialog.getByLabel('Grund').fill('Ein Getränk zurückgegeben');
  await expectAccessible(page);
  const corrected = page.waitForResponse(
    (response) => response.url().includes('/charges/') && response.request().method() === 'PUT',
  );
  await correctDialog.getByRole('button', { name: 'Korrigieren', exact: true }).click();
  expect((await corrected).status()).toBe(200);
  await expect(correctDialog).toBeHidden();
  await expect(charges.getByRole('row', { name: /Ein Getränk zurückgegeben/ })).toContainText('13,50');
  const replacement = charges
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Aktionen für Getränke' }) });
  await expect(replacement).toContainText('9,00');

  await replacement.getByRole('button', { name: 'Aktionen für Getränke' }).click();
  await page.getByRole('menuitem', { name: 'Getränke stornieren' }).click();
  const voidDialog = page.getByRole('dialog', { name: 'Buchung stornieren' });
  await voidDialog.getByLabel('Grund').fill('Auf das falsche Zimmer gebucht');
  await expectAccessible(page);
  const voided = page.waitForResponse(
    (response) => response.url().includes('/charges/') && response.request().method() === 'DELETE',
  );
  await voidDialog.getByRole('button', { name: 'Stornieren', exact: true }).click();
  expect((await voided).status()).toBe(200);
  await expect(voidDialog).toBeHidden();
  await expect(charges.getByText('Grund: Auf das falsche Zimmer gebucht')).toBeVisible();
  await expect(charges.getByRole('row', { name: /Auf das falsche Zimmer gebucht/ })).toContainText('9,00');
  await expect(charges.locator('.line-through', { hasText: 'Getränke' })).toHaveCount(2);
  await expect(charges.getByRole('button', { name: 'Aktionen für Getränke' })).toHaveCount(0);
  // Once the toasts are gone, so that they do not cover the amounts.
  await expect(page.getByRole('status')).toHaveCount(0, { timeout: 15_000 });
  await shot(page, 'billing-folio-corrections');

  // Split the bill: the company pays the parking on a folio of its own.
  await page.getByRole('button', { name: 'Folio hinzufügen' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Folio hinzufügen' });
  await expectAccessible(page);
  await addDialog.getByLabel('Bezeichnung').fill('Firma');
  await addDialog.getByRole('button', { name: 'Erstellen', exact: true }).click();
  await expect(addDialog).toBeHidden();
  const companyFolio = card(page, /^Firma/);
  await expect(companyFolio).toBeVisible();

  await charges.getByRole('button', { name: 'Aktionen für Parkplatz' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('menuitem', { name: 'Parkplatz umbuchen' }).click();
  const moveDialog = page.getByRole('dialog', { name: 'Leistung umbuchen' });
  await moveDialog.getByLabel('Ziel-Folio').selectOption({ label: 'Firma' });
  await moveDialog.getByRole('button', { name: 'Umbuchen' }).click();
  await expect(moveDialog).toBeHidden();
  await expect(
    companyFolio.getByRole('table', { name: 'Buchungen auf Firma' }).getByRole('row', { name: /Parkplatz/ }),
  ).toContainText('Umgebucht hierher');
  await expect(charges.getByRole('row', { name: /Parkplatz/ }).first()).toBeVisible();

  // The company pays by card, the amount defaults to what is due.
  await companyFolio.getByRole('button', { name: 'Zahlung', exact: true }).click();
  const paymentDialog = page.getByRole('dialog', { name: 'Zahlung erfassen' });
  await expect(paymentDialog.getByLabel('Betrag')).toHaveValue('25,00');
  await paymentDialog.getByLabel('Zahlungsart').selectOption({ label: 'Kreditkarte' });
  await paymentDialog.getByLabel('Referenz').fill('Beleg 4711');
  await expectAccessible(page);
  await paymentDialog.getByRole('button', { name: 'Zahlung buchen' }).click();
  await expect(paymentDialog).toBeHidden();
  await expect(companyFolio.getByRole('table', { name: 'Zahlungen auf Firma' })).toContainText('Beleg 4711');
  await expect(companyFolio.getByText('Offen', { exact: true }).last()).toBeVisible();
  await shot(page, 'billing-folios');

  // The paid folio is invoiced without a question and the invoice opens.
  await companyFolio.getByRole('button', { name: 'Rechnung erstellen' }).click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  const invoiceId = new URL(page.url()).pathname.split('/').pop()!;
  const issued = await adminApi.get(`/api/invoices/${invoiceId}`);
  const issuedInvoice = (await issued.json()) as TInvoice;
  const invoiceNumber = issuedInvoice.number!;
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(`Rechnung ${invoiceNumber}`);
  await expect(heading).toContainText('Bezahlt');
  await expect(page.getByRole('table', { name: 'Positionen' })).toContainText('Parkplatz');
  await expect(page.getByRole('table', { name: 'Steuer je Satz' })).toContainText('20');
  await expect(page.locator('address')).toContainText(customerName);
  // The totals are the server's, the ones the PDF prints: the net of the VAT-bearing lines.
  const sum = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
  const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
  await expect(sum('Netto')).toContainText(euros(issuedInvoice.netAmount));
  await expect(sum('Gesamtbetrag')).toContainText(euros(issuedInvoice.totalAmount));
  await expectAccessible(page);
  await shot(page, 'billing-invoice');

  // The PDF is rendered by a background job right after the invoice commits; then it downloads under
  // its name.
  await expect
    .poll(
      async () => ((await (await adminApi.get(`/api/invoices/${invoiceId}`)).json()) as TInvoice).fileId,
      {
        timeout: 60_000,
      },
    )
    .not.toBeNull();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PDF', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Rechnung ${invoiceNumber}.pdf`);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The invoice goes to the guest by e-mail with its PDF: queued in the outbox.
  await page.getByRole('button', { name: 'Per E-Mail senden', exact: true }).click();
  const mailDialog = page.getByRole('dialog', { name: 'Rechnung per E-Mail senden' });
  await mailDialog.getByLabel('Empfänger').fill('rechnung@example.com');
  await expectAccessible(page);
  const queued = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/invoices/${invoiceId}/send`) && response.request().method() === 'POST',
  );
  await mailDialog.getByRole('button', { name: 'Senden', exact: true }).click();
  expect((await queued).status()).toBe(202);
  await expect(page.getByText('Die Nachricht an rechnung@example.com liegt im Postausgang.')).toBeVisible();

  // Cancelling issues the cancellation invoice and opens the folio again.
  await page.getByRole('button', { name: 'Stornieren', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Rechnung ${invoiceNumber} stornieren?` });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Stornieren', exact: true }).click();
  await expect(heading).toContainText('Stornorechnung');
  await expect(page.getByText('Das Folio ist wieder offen.', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Positionen' })).toContainText('25,00');
  // A cancellation owes and refunds nothing, and says so instead of a negative amount due.
  await expect(page.getByText(/^Es ist kein Betrag offen und keiner zu erstatten/)).toBeVisible();
  await expect(sum('Offener Betrag')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'billing-cancellation');

  await page.getByRole('link', { name: 'Zu den Folios' }).click();
  await expect(companyFolio.getByRole('button', { name: 'Rechnung erstellen' })).toBeVisible();
  await expect(companyFolio.getByRole('button', { name: 'Leistung buchen' })).toBeVisible();

  // The first folio is not paid: the invoice asks to close it with the amount due.
  await firstFolio.getByRole('button', { name: 'Rechnung erstellen' }).click();
  const dueDialog = page.getByRole('dialog', { name: 'Folio ist nicht vollständig bezahlt' });
  await expect(dueDialog).toContainText('abgeschlossen');
  await dueDialog.getByRole('button', { name: 'Mit offenem Betrag abschließen' }).click();
  await expect(heading).toContainText('Offen');

  // The invoices list: filters by status and payment method, with the aggregate row.
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Rechnungen' })
    .click();
  await expect(page).toHaveURL(/\/invoices$/);
  const list = page.getByRole('table', { name: 'Rechnungen', exact: true });
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'Storniert' }).click();
  await expect(page).toHaveURL(/status=canceled/);
  await expect(list.getByRole('link', { name: invoiceNumber, exact: true })).toBeVisible();
  await expect(list.locator('tfoot')).toContainText('Summe');
  await page.getByRole('radio', { name: 'Entwurf' }).click();
  await expect(list.getByRole('link', { name: invoiceNumber, exact: true })).toBeHidden();
  await page.getByRole('radio', { name: 'Offen' }).click();
  await page.getByRole('radiogroup', { name: 'Zahlungsart' }).getByRole('radio', { name: 'Karte' }).click();
  await expect(page).toHaveURL(/paymentMethod=card/);
  await page.getByRole('radiogroup', { name: 'Status' }).getByRole('radio', { name: 'Alle' }).click();
  await expect(list.getByRole('link', { name: invoiceNumber, exact: true })).toBeVisible();
  await shot(page, 'billing-invoices-list');
  await list.getByRole('link', { name: invoiceNumber, exact: true }).click();
  await expect(heading).toContainText('Storniert');

  // On a tablet the folio cards stay usable: their actions wrap under the title.
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto(`/bookings/${booking.id}?tab=folios`);
  await expect(companyFolio.getByRole('button', { name: 'Rechnung erstellen' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'billing-folios-tablet');
});

test('an incomplete customer address is completed on a draft, which is then issued', async ({
  page,
  adminApi,
}) => {
  const today = await propertyToday(adminApi);
  const checkIn = addDays(today, 95);
  const [room] = await freeRooms(adminApi, 'Doppelzimmer', checkIn, addDays(checkIn, 1));
  const customerName = uniqueName('Otto Ohneadresse');
  const contact = await adminApi.post('/api/contacts', { name: customerName });
  expect(contact.status(), await contact.text()).toBe(201);
  const booking = await createBooking(adminApi, {
    roomId: room!.id,
    checkIn,
    checkOut: addDays(checkIn, 1),
    occupancy: 1,
    customerId: ((await contact.json()) as TContact).id,
  });

  await loginAs(page, 'admin@example.com', undefined, {
    property: propertyNames.austria,
    path: `/bookings/${booking.id}?tab=folios`,
  });
  const folio = card(page, /^Folio 1/);
  await folio.getByRole('button', { name: 'Rechnung erstellen' }).click();
  await page
    .getByRole('dialog', { name: 'Folio ist nicht vollständig bezahlt' })
    .getByRole('button', { name: 'Mit offenem Betrag abschließen' })
    .click();
  const refusal = folio.getByRole('alert').filter({ hasText: 'Rechnung nicht erstellt' });
  await expect(refusal).toContainText('Adresse');
  await expect(refusal.getByRole('link', { name: 'Kunden öffnen' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'billing-address-incomplete');

  await refusal.getByRole('button', { name: 'Als Entwurf anlegen' }).click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText('Rechnungsentwurf');
  await page.getByRole('button', { name: 'Empfänger bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Empfänger bearbeiten' });
  await dialog.getByLabel('Straße und Hausnummer').fill('Linzer Gasse 3');
  await dialog.getByLabel('PLZ').fill('5020');
  await dialog.getByLabel('Ort').fill('Salzburg');
  await dialog.getByLabel('Land').selectOption('at');
  // A company as recipient; the customer has no address, so saving it to the contact is proposed.
  await dialog.getByLabel('Unternehmen', { exact: true }).fill('Ohneadresse Handels GmbH');
  await dialog.getByLabel('UID-/USt-IdNr.').fill('ATU 8765 4321');
  await expect(dialog.getByRole('checkbox', { name: 'Adresse beim Kontakt speichern' })).toBeChecked();
  await expectAccessible(page);
  await shot(page, 'billing-invoice-company');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('address')).toContainText('Linzer Gasse 3');
  await expect(page.locator('address')).toContainText('Ohneadresse Handels GmbH');
  await expect(page.locator('address')).toContainText('ATU87654321');
  const saved = await adminApi.get(`/api/contacts/${((await contact.json()) as TContact).id}`);
  expect(((await saved.json()) as TContact).address).toMatchObject({ line1: 'Linzer Gasse 3' });

  await page.getByRole('button', { name: 'Rechnung ausstellen' }).click();
  await page
    .getByRole('dialog', { name: 'Folio ist nicht vollständig bezahlt' })
    .getByRole('button', { name: 'Mit offenem Betrag abschließen' })
    .click();
  await expect(heading).toContainText('Offen');
  await expect(heading).toContainText(/Rechnung \S+/);
  await expectAccessible(page);
});
