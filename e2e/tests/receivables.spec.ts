import { expect, expectAccessible, loginAs, shot, test } from './fixtures.ts';

test('the accountant keeps the receivables: a transfer after departure, a payment reminder by e-mail and its letter', async ({
  page,
  createMember,
}) => {
  const member = await createMember({
    role: 'manager',
    name: 'Bettina Buchhaltung',
    password: 'offene-posten-im-blick-1',
  });
  await loginAs(page, member.email, member.password, { path: '/invoices' });
  await page.getByRole('tab', { name: 'Offene Posten' }).click();
  await expect(page).toHaveURL(/view=receivables/);

  // The demo company's two seminar invoices, oldest first, both overdue.
  const list = page.getByRole('table', { name: 'Offene Rechnungen' });
  const seminars = list.getByRole('row').filter({ hasText: 'Alpen Consulting GmbH' });
  await expect(seminars).toHaveCount(2);
  await expect(seminars.first()).toContainText(/\d+ Tage überfällig/);
  const olderNumber = (await seminars.first().getByRole('link').textContent())!.trim();
  const newerNumber = (await seminars.last().getByRole('link').textContent())!.trim();

  // The brackets filter the list: the older invoice is in 61-90 days, the newer one is not.
  const bracket = page.getByRole('button', { name: /61–90 Tage/ });
  await bracket.click();
  await expect(bracket).toHaveAttribute('aria-pressed', 'true');
  await expect(list.getByRole('link', { name: olderNumber })).toBeVisible();
  await expect(list.getByRole('link', { name: newerNumber })).toBeHidden();
  await bracket.click();
  await expect(list.getByRole('link', { name: newerNumber })).toBeVisible();

  // A guest who left with money open transfers part of it after departure: it is booked on the invoice.
  const stay = list
    .getByRole('row')
    .filter({ hasText: /Buchung AH-/ })
    .first();
  const stayNumber = (await stay.getByRole('link').textContent())!.trim();
  const dueBefore = (await stay.getByRole('cell').nth(5).textContent())!.trim();
  await stay.getByRole('button', { name: `Zahlung zur Rechnung ${stayNumber} erfassen` }).click();
  const paymentDialog = page.getByRole('dialog', { name: `Zahlung zur Rechnung ${stayNumber}` });
  await expect(paymentDialog).toContainText(`Offen sind ${dueBefore}`);
  await paymentDialog.getByLabel('Betrag').fill('100,00');
  await paymentDialog.getByLabel('Zahlungsart').selectOption({ label: 'Überweisung' });
  await paymentDialog.getByLabel('Referenz').fill('Überweisung nach Abreise');
  const paid = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/payments'),
  );
  await paymentDialog.getByRole('button', { name: 'Zahlung buchen' }).click();
  expect((await paid).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Zahlung gebucht' })).toBeVisible();
  await expect(paymentDialog).toBeHidden();
  await expect(stay.getByRole('cell').nth(5)).not.toHaveText(dueBefore);

  // A payment reminder for the newer invoice, by e-mail with its letter and the invoice.
  const newer = list.getByRole('row').filter({ has: page.getByRole('link', { name: newerNumber }) });
  await newer.getByRole('button', { name: `Erinnern an Rechnung ${newerNumber}` }).click();
  const reminderDialog = page.getByRole('dialog', { name: `Zahlungserinnerung zur Rechnung ${newerNumber}` });
  await expect(reminderDialog).toContainText('neue Zahlungsfrist');
  const reminded = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/reminders'),
  );
  await reminderDialog.getByRole('button', { name: 'Per E-Mail senden' }).click();
  expect((await reminded).status()).toBe(201);
  await expect(page.getByRole('status').filter({ hasText: 'erstellt' })).toBeVisible();
  await expect(newer).toContainText('Zahlungserinnerung');
  await expect(newer).toContainText('Frist bis');
  await expect(newer.getByRole('button', { name: /^Erinnern an Rechnung/ })).toBeHidden();
  await expectAccessible(page);
  await shot(page, 'receivables');

  // The invoice keeps the reminder with its letter and says what happened.
  await newer.getByRole('link', { name: newerNumber }).click();
  const card = page.getByRole('region', { name: 'Zahlung und Mahnwesen' });
  await expect(card).toContainText('Zahlungserinnerung');
  await expect(card).toContainText('per E-Mail');
  await expect(card).toContainText(/Eine Mahnung ist ab .* möglich/);
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Schreiben (PDF)' }).click();
  expect((await download).suggestedFilename()).toBe(`Zahlungserinnerung ${newerNumber}.pdf`);
  const history = page.getByRole('region', { name: 'Verlauf' });
  await expect(history).toContainText('Zahlungserinnerung erstellt');
  await expect(history).toContainText('Rechnung ausgestellt');
  await expectAccessible(page);
  await shot(page, 'invoice-reminder');

  // The stay's invoice shows the transfer in its history; the e-mail waits in the outbox.
  await page.goto('/invoices?view=receivables');
  await list.getByRole('link', { name: stayNumber }).click();
  await expect(page.getByRole('region', { name: 'Verlauf' })).toContainText(
    /Zahlung über .*100,00.* erfasst/,
  );
  await page.goto('/outbox');
  await expect(
    page.getByRole('row').filter({ hasText: `Zahlungserinnerung zur Rechnung ${newerNumber}` }),
  ).toBeVisible();
});
