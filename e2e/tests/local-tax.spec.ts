import type { TBooking, TContact } from '@pms/contract';
import { expect, expectAccessible, loginAs, propertyNames, shot, test, uniqueName } from './fixtures.ts';
import { createBooking, freeRooms } from './stays.ts';

// The local tax as the town levies it (decisions 191 and 192): an admin sets a levy with a child
// exemption in base data, a stay with a child shows it on the folio (the child exempt), and the levy
// report counts it. The levy is valid in 2031 only, so no other journey's stay is charged it.

const checkIn = '2031-02-01';
const checkOut = '2031-02-03';

test('an admin sets a levy with a child exemption; a stay with a child is charged for the adult only', async ({
  page,
  adminApi,
  apiAs,
  createMember,
}) => {
  const levyName = uniqueName('Kurtaxe');
  await loginAs(page, 'admin@example.com', undefined, {
    property: propertyNames.austria,
    path: '/base-data/local-tax',
  });
  await expect(page.getByRole('table', { name: 'Fassungen von Ortstaxe', exact: true })).toContainText(
    'Kinder unter 15',
  );

  // The levy, posted with the property's local tax item.
  await page.getByRole('button', { name: 'Abgabe anlegen' }).click();
  const levyDialog = page.getByRole('dialog', { name: 'Abgabe anlegen' });
  await levyDialog.getByLabel('Name').fill(levyName);
  await levyDialog.getByLabel('Artikel').selectOption({ label: 'Ortstaxe' });
  await levyDialog.getByRole('button', { name: 'Erstellen' }).click();
  await expect(levyDialog).toBeHidden();
  const levy = page.getByRole('region', { name: levyName, exact: true });
  await expect(levy).toContainText('Noch keine Fassung');

  // Its rule for 2031: 1,00 € per person and night, children below 6 at arrival exempt.
  await levy.getByRole('button', { name: 'Fassung anlegen' }).click();
  const versionDialog = page.getByRole('dialog', { name: 'Fassung anlegen' });
  await versionDialog.getByLabel('Gültig ab').fill('01.01.2031');
  await versionDialog.getByLabel(/Gültig bis/).fill('31.12.2031');
  await versionDialog.getByLabel('Betrag je Person und Nacht (€)').fill('1,00');
  await versionDialog.getByLabel('Altersbefreiung').selectOption({ label: 'Alter bei Anreise' });
  await versionDialog.getByLabel('Befreit unter (Jahren)').fill('6');
  await versionDialog.getByRole('button', { name: 'Erstellen' }).click();
  await expect(versionDialog).toBeHidden();
  const versions = levy.getByRole('table', { name: `Fassungen von ${levyName}` });
  await expect(versions).toContainText('01.01.2031 bis 31.12.2031');
  await expect(versions).toContainText('€ 1,00 je Person und Nacht');
  await expect(versions).toContainText('Kinder unter 6');
  await expectAccessible(page);
  await shot(page, 'local-tax-base-data');

  // A stay of an adult and a child of four in February 2031.
  const [room] = await freeRooms(adminApi, 'Familienzimmer', checkIn, checkOut);
  const booking: TBooking = await createBooking(adminApi, {
    roomId: room!.id,
    checkIn,
    checkOut,
    occupancy: 2,
  });
  const guests: [string, string][] = [
    [uniqueName('Greta Gast'), '1985-04-04'],
    [uniqueName('Kurt Kind'), '2027-01-15'],
  ];
  for (const [name, dateOfBirth] of guests) {
    const contact = await adminApi.post('/api/contacts', { name, dateOfBirth });
    expect(contact.status(), await contact.text()).toBe(201);
    const { id } = (await contact.json()) as TContact;
    const assigned = await adminApi.post(`/api/bookings/${booking.id}/guests`, { contactId: id });
    expect(assigned.status(), await assigned.text()).toBe(200);
  }

  // The folio: one line a night for the adult, none for the child; the town's own levies beside it.
  await page.goto(`/bookings/${booking.id}?tab=folios`);
  const charges = page.getByRole('table', { name: 'Buchungen auf Folio 1' });
  const firstNight = charges.getByRole('row').filter({ hasText: `${levyName} 01.02.2031` });
  await expect(firstNight).toContainText('1,00');
  await expect(charges.getByRole('row').filter({ hasText: `${levyName} 02.02.2031` })).toBeVisible();
  await expect(charges).toContainText('Ortstaxe 01.02.2031');
  await expectAccessible(page);
  await shot(page, 'local-tax-folio');

  // The registration: per guest what the levy charged, or why not.
  await page.goto(`/bookings/${booking.id}?tab=guests`);
  const child = page.getByRole('list', { name: `Ortstaxe von ${guests[1]![0]}` });
  await expect(child).toContainText(`${levyName}:`);
  await expect(child).toContainText('befreit: Alter');
  const adult = page.getByRole('list', { name: `Ortstaxe von ${guests[0]![0]}` });
  await expect(adult).toContainText('€ 2,00 für 2 Nächte');
  await expectAccessible(page);

  // The levy report for February 2031: two nights, two person-nights, two exempt by age.
  await page.goto('/reports?tab=localTax');
  await page.getByRole('tab', { name: 'Ortstaxe' }).click();
  await page.getByLabel('Zeitraum').selectOption({ label: 'Benutzerdefiniert' });
  await page.getByLabel('Von', { exact: true }).fill('01.02.2031');
  await page.getByLabel('Bis', { exact: true }).fill('28.02.2031');
  const report = page.getByRole('table', { name: 'Ortstaxe je Monat und Abgabe' });
  const row = report.getByRole('row').filter({ hasText: levyName });
  await expect(row).toContainText('Februar 2031');
  await expect(row).toContainText('Alter: 2');
  await expect(row).toContainText('€ 2,00');
  await expectAccessible(page);
  await shot(page, 'levy-report');

  // The same tab in English, for a manager who reads the app so.
  const member = await createMember({
    role: 'manager',
    name: 'Mia Manager',
    password: 'local-tax-in-english-1',
  });
  const english = await apiAs(member.email, member.password);
  expect((await english.patch('/api/session/profile', { language: 'en' })).ok()).toBe(true);
  await page.context().clearCookies();
  await loginAs(page, member.email, member.password, { path: '/base-data/local-tax' });
  const englishLevy = page.getByRole('region', { name: levyName, exact: true });
  await expect(englishLevy.getByRole('table', { name: `Versions of ${levyName}` })).toContainText(
    'Children below 6',
  );
  await expect(englishLevy.getByRole('button', { name: 'Add version' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'local-tax-base-data-en');
});
