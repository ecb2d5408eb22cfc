// The guest's journey through the portal on a phone: a booking with two guests, registered, a
// document uploaded, signed, confirmed and checked in, then the invoices screen; axe on every screen.
import { fileURLToPath } from 'node:url';
import { addDays } from '@pms/contract';
import type { TBooking } from '@pms/contract';
import { expect, expectAccessible, shot, test, uniqueName, idCardFile } from './fixtures.ts';
import { fillPortalDate, sign } from './portal-steps.ts';
import { createBooking, createRoomOfNewType, propertyToday } from './stays.ts';

const tealPalette = {
  '50': '#f0fdfa',
  '100': '#ccfbf1',
  '200': '#99f6e4',
  '300': '#5eead4',
  '400': '#2dd4bf',
  '500': '#14b8a6',
  '600': '#0d9488',
  '700': '#0f766e',
  '800': '#115e59',
  '900': '#134e4a',
};

// A passport whose machine readable zone the portal reads (rendered by scripts/render-id-fixtures.ts).
const passport = fileURLToPath(
  new URL('../../apps/server/test/fixtures/ids/austrian-passport.png', import.meta.url),
);

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a guest registers two guests, signs, confirms and checks in on a phone', async ({
  page,
  adminApi,
  apiAs,
}) => {
  // A property of its own whose check-in opens at midnight, so the journey runs at any hour, with
  // the portal's features on and its own brand colour; the stay has no rate, so nothing is due.
  const propertyName = uniqueName('Seehof Portal');
  const created = await adminApi.post('/api/properties', {
    name: propertyName,
    checkInTime: '00:00',
    checkOutTime: '11:00',
    address: { line1: 'Seestraße 1', postalCode: '5020', city: 'Salzburg', country: 'at' },
    communication: { phone: '+43 662 123456', email: 'rezeption@seehof.example' },
    branding: { primaryColor: JSON.stringify(tealPalette) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const api = await apiAs('admin@example.com', undefined, { property: propertyName });
  const settings = await api.patch('/api/settings/general', {
    featurePreCheckIn: true,
    featurePayment: true,
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const { roomTypeId, roomId } = await createRoomOfNewType(api, { name: 'Seezimmer', code: 'SZ' }, '11');

  const today = await propertyToday(api);
  const mainName = uniqueName('Paula Portal');
  const booking = await createBooking(api, {
    roomId,
    roomTypeId,
    checkIn: today,
    checkOut: addDays(today, 2),
    occupancy: 2,
    customer: { name: mainName },
  });
  const companion = await api.post(`/api/bookings/${booking.id}/guests`, { name: 'Max Mitreisend' });
  expect(companion.status(), await companion.text()).toBe(200);
  const withLink = await api.get(`/api/bookings/${booking.id}?expand=link`);
  expect(withLink.ok(), await withLink.text()).toBe(true);
  const { link } = (await withLink.json()) as TBooking & { link: { id: string } };
  const base = `/portal/${link.id}`;

  // A link nobody issued has its own screen.
  await page.goto('/portal/no-such-link');
  await expect(page.getByRole('heading', { name: 'Link nicht gefunden' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'portal-link-not-found');

  // Home: the booking summary and the cards, written by the server. The app's own script is held back
  // here, as a slow network would: the page is complete without it, and a tap waits for it.
  let releaseApp = () => {};
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
  await page.route('**/assets/portal-*.js', async (route) => {
    await appHeld;
    await route.continue();
  });
  await page.goto(base);
  await expect(page.getByRole('heading', { name: `Buchung ${booking.code}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Online-Check-in' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'portal-home');

  // The tap reaches the app once it has arrived: the same page moves on, with no new page load.
  await page.evaluate(() => document.documentElement.setAttribute('data-first-page', ''));
  await page.getByRole('link', { name: 'Einchecken' }).click();
  await expect(page.getByRole('heading', { name: `Buchung ${booking.code}` })).toBeVisible();
  releaseApp();
  await expect(page.getByText(/Schritt 1 von \d/)).toBeVisible();
  await expect(page.locator('html[data-first-page]')).toHaveCount(1);
  await page.unrouteAll();
  await expect(page.getByRole('heading', { name: /Anmeldung/ })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'portal-check-in-start');

  // On a phone the guests are a dropdown, labelled by name.
  const guestSelect = page.getByLabel('Gast', { exact: true });
  await expect(guestSelect.locator('option')).toHaveCount(2);
  const selectGuest = async (name: string) => {
    const value = await guestSelect.locator('option', { hasText: name }).getAttribute('value');
    await guestSelect.selectOption(value ?? '');
  };
  await selectGuest(mainName);

  const fill = async (label: RegExp, value: string) => {
    await page.getByLabel(label).fill(value);
  };
  // Dates are typed day, month, year, whatever the browser's language.
  await fillPortalDate(page, 'Geburtsdatum', ['12', '4', '1985']);
  await page.getByLabel(/^Geschlecht/).selectOption('female');
  await page.getByLabel(/^Staatsangehörigkeit/).selectOption('at');
  await fill(/^Straße und Hausnummer/, 'Getreidegasse 9');
  await fill(/^Postleitzahl/, '5020');
  await fill(/^Ort/, 'Salzburg');
  await page.getByLabel(/^Land/).selectOption('at');
  await page.locator('input[type=file]').setInputFiles(idCardFile);
  await expect(page.getByRole('img', { name: /id-card/ })).toBeVisible();
  // A picture without a machine readable zone: the invalid-document alert, and the upload still counts.
  await expect(page.getByText(/keinen Ausweis erkannt/)).toBeVisible();
  await expect(guestSelect.locator('option:checked')).toHaveText(/Vollständig/);
  await shot(page, 'portal-check-in-main-guest');

  // The companion: the address is copied from the main guest.
  await selectGuest('Max Mitreisend');
  // The companion's passport: its zone is read and, once confirmed, fills birth date, sex and nationality.
  await page.locator('input[type=file]').setInputFiles(passport);
  await expect(page.getByRole('img', { name: /austrian-passport/ })).toBeVisible();
  const readDetails = page.getByRole('region', { name: 'Angaben aus Ihrem Ausweis' });
  await expect(readDetails).toContainText('Max Mitreisend');
  await expect(readDetails).toContainText('30.09.1987');
  await expectAccessible(page);
  await shot(page, 'portal-check-in-id-read');
  await readDetails.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(page.getByRole('group', { name: /^Geburtsdatum/ }).getByLabel('Jahr')).toHaveValue('1987');
  await expect(page.getByLabel(/^Geschlecht/)).toHaveValue('male');
  await expect(page.getByLabel(/^Staatsangehörigkeit/)).toHaveValue('at');
  await page.getByRole('button', { name: 'Adresse vom Hauptgast übernehmen' }).click();
  await expect(page.getByLabel(/^Ort/)).toHaveValue('Salzburg');
  await expect(guestSelect.locator('option:checked')).toHaveText(/Vollständig/);
  await expect(page.getByText(/Schritt 2 von \d/)).toBeVisible();

  // The signature.
  await sign(page, 'Unterschrift speichern', 'Ihre Unterschrift ist gespeichert.');
  // The saved signature is shown as its image, to delete or to draw again.
  await expect(page.getByRole('img', { name: 'Ihre gespeicherte Unterschrift' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Neu unterschreiben' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unterschrift löschen' })).toBeVisible();
  // Payment is on and nothing is due: the rule puts the guest on the last step.
  await expect(page.getByText('Schritt 4 von 4')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'portal-check-in-signed');

  // Confirming sends the guest home, which says so and names the next step; the check-in card leads back.
  await page.getByLabel('Ich bestätige, dass alle Angaben richtig und vollständig sind.').check();
  await expect(page.getByRole('heading', { name: `Buchung ${booking.code}` })).toBeVisible();
  await expect(page.getByText('Danke, Ihre Angaben sind bestätigt.')).toBeVisible();
  await expect(page.getByText('Nächster Schritt: Checken Sie ein.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'portal-home-confirmed');
  await page.getByRole('link', { name: 'Einchecken' }).click();

  // The payment step (payment feature on): nothing is due, so no pay button (paying at the
  // simulated partner is covered by the portal's API tests).
  await expect(page.getByText('Es ist kein Betrag offen.')).toBeVisible();
  await expect(page.getByRole('button', { name: /bezahlen$/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Einchecken' }).click();
  await expect(page.getByText(/Check-in erfolgreich/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Meldeblatt herunterladen' })).toBeVisible();
  await expect(page.getByText('Unterschrift speichern')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'portal-checked-in');

  // Home after check-in: the card reads "details"; the key opens the room and the entrances.
  await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();
  await expect(page.getByText('Eingecheckt', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Details' })).toBeVisible();
  const roomDoor = page.getByRole('listitem').filter({ hasText: 'Zimmer 11' });
  await roomDoor.getByRole('button', { name: 'Öffnen' }).click();
  await expect(page.getByText('Zimmer 11 ist offen.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'portal-home-checked-in');

  // The invoices screen: none issued for this stay yet.
  await page.goto(`${base}/invoices`);
  await expect(page.getByRole('heading', { name: 'Rechnungen' })).toBeVisible();
  await expect(page.getByText('Noch keine Rechnungen vorhanden.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'portal-invoices');

  // English on request.
  await page.getByLabel('Sprache').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
});
