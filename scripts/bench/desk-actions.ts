// The desk benchmark's actions in the staff app (see desk.ts): each drives the screen as a receptionist
// does, with the role and label locators of the browser journeys, and times from the click (or the
// navigation) to the screen usable: a locator that only appears with the data and the enabled control.
// Times are wall time in this process around the click and the wait (Playwright's round trips to the
// browser included, a few milliseconds each); what comes before the click is preparation, not timed.
import type { Locator, Page } from 'playwright-core';
import { addDays } from '@pms/contract';

/** The German dates the forms take. */
const germanDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/** Milliseconds from the start of `act` until `ready` is done. */
export async function timed(act: () => Promise<unknown>, ready: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await act();
  await ready();
  return performance.now() - started;
}

/** Where the app navigates on its own, as a link inside it would: no page load. */
export async function navigateInApp(page: Page, url: string): Promise<void> {
  // As a string: the scripts are type checked without the DOM's types.
  await page.evaluate(
    `history.pushState({}, '', ${JSON.stringify(url)}); dispatchEvent(new PopStateEvent('popstate'))`,
  );
}

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

/** The plan's row of a room by its number. */
function planRow(page: Page, number: string): Locator {
  return page
    .getByRole('table', { name: 'Zimmerplan' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: number, exact: true }) });
}

export type TPlanTimes = { firstScreen: number; lastRow: number; openBooking: number };

/**
 * The room plan, opened by `open` (a navigation or the sidebar's link): its first row's booking bar
 * drawn; then scrolled to the end until the last room's bar is drawn; then a bar of the first row
 * clicked until the booking's screen shows its code and its actions.
 */
export async function roomPlan(
  page: Page,
  open: () => Promise<unknown>,
  firstRoom: string,
  lastRoom: string,
): Promise<TPlanTimes> {
  const firstBar = planRow(page, firstRoom).getByRole('button').first();
  const firstScreen = await timed(open, () => firstBar.waitFor());
  const lastBar = planRow(page, lastRoom).getByRole('button').first();
  // The wheel over the plan, as a receptionist scrolls it: the plan's table is its own scroll container.
  await page.getByRole('table', { name: 'Zimmerplan' }).hover({ position: { x: 60, y: 200 } });
  const lastRow = await timed(
    () => page.mouse.wheel(0, 1_000_000),
    () => lastBar.waitFor(),
  );
  const bar = planRow(page, lastRoom).getByRole('button').first();
  const code =
    (await bar.getAttribute('aria-label'))?.split(' ')[0] ?? (await bar.innerText()).split(' ')[0]!;
  const openBooking = await timed(
    () => bar.click(),
    () => bookingReady(page, code),
  );
  return { firstScreen, lastRow, openBooking };
}

/** The booking's screen with its code as heading and its actions enabled. */
async function bookingReady(page: Page, code: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: code }).waitFor();
  await page.getByRole('group', { name: 'Aktionen der Buchung' }).getByRole('button').first().waitFor();
}

/** The dashboard, opened by `open`, with today's figures. */
export function dashboard(page: Page, open: () => Promise<unknown>): Promise<number> {
  return timed(open, async () => {
    await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
    await page.getByRole('list', { name: 'Kennzahlen des Tages' }).getByRole('listitem').first().waitFor();
  });
}

export const arrivalsTodayUrl = '/bookings?filter=check_in_today';

/** The bookings list narrowed to today's arrivals, opened by `open`, with its first booking row. */
export function bookingsList(page: Page, open: () => Promise<unknown>): Promise<number> {
  // The header row is the first; the second is a booking.
  return timed(open, () => page.getByRole('table', { name: 'Buchungen' }).getByRole('row').nth(1).waitFor());
}

/** The global search for a guest: from typing the name until the first result is offered. */
export async function searchGuest(page: Page, name: string): Promise<number> {
  await page.getByRole('button', { name: 'Suche öffnen' }).click();
  const search = page.getByRole('dialog', { name: 'Suche' });
  const ms = await timed(
    () => search.getByLabel('Suchbegriff').fill(name),
    () =>
      search
        .getByRole('option', { name: new RegExp(name) })
        .first()
        .waitFor(),
  );
  // The first Escape may only close the list of results; the next closes the dialog.
  for (let attempt = 0; attempt < 3 && (await search.isVisible()); attempt++) {
    await page.keyboard.press('Escape');
    await search.waitFor({ state: 'hidden', timeout: 2_000 }).catch(() => undefined);
  }
  return ms;
}

/** A booking through the header's form, filled before; from the submit to the new booking's screen. */
export async function createBooking(page: Page, checkIn: string, name: string): Promise<number> {
  await page.getByRole('banner').getByRole('button', { name: 'Buchung anlegen' }).click();
  const form = page.getByRole('dialog', { name: 'Buchung anlegen' });
  await form.getByLabel('Anreise').fill(germanDate(checkIn));
  await form.getByLabel('Abreise').fill(germanDate(addDays(checkIn, 2)));
  await form.getByLabel('Zimmerkategorie').selectOption({ label: 'Doppelzimmer' });
  await form.getByLabel('Personen', { exact: true }).fill('2');
  await form.getByRole('radio', { name: 'Neuer Kontakt' }).click();
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByRole('status').filter({ hasText: 'Preis laut Rate' }).waitFor();
  return timed(
    () => form.getByRole('button', { name: 'Buchung anlegen' }).click(),
    async () => {
      await form.waitFor({ state: 'hidden' });
      await page.getByRole('main').getByText(name).first().waitFor();
      await page.getByRole('group', { name: 'Aktionen der Buchung' }).getByRole('button').first().waitFor();
    },
  );
}

/** Opens a booking's screen (not timed), in the app already loaded or by a first navigation. */
export async function openBooking(page: Page, url: string, code: string, inApp: boolean): Promise<void> {
  if (inApp) await navigateInApp(page, url);
  else await page.goto(url);
  await bookingReady(page, code);
}

/** Checks in the booking on its screen: from the dialog's confirmation until the heading says so. */
export async function checkIn(page: Page, code: string): Promise<number> {
  await page
    .getByRole('group', { name: 'Aktionen der Buchung' })
    .getByRole('button', { name: 'Einchecken' })
    .click();
  const confirm = page.getByRole('dialog', { name: `Buchung ${code} einchecken?` });
  return timed(
    () => confirm.getByRole('button', { name: 'Einchecken' }).click(),
    async () => {
      await confirm.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { level: 1, name: code }).filter({ hasText: 'Eingecheckt' }).waitFor();
    },
  );
}

export type TBillTimes = { charge: number; payment: number; invoice: number; cancel: number };

/** A card of the page (a folio) by the start of its heading. */
function card(page: Page, title: RegExp): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title }) });
}

/**
 * On a booking's folios (the screen open): a drink posted, the balance paid by card, the folio
 * invoiced and issued, the invoice cancelled; each from the dialog's button until the screen shows it.
 */
export async function bill(page: Page, reference: string): Promise<TBillTimes> {
  const folio = card(page, /^Folio 1/);
  await folio.getByRole('button', { name: 'Leistung buchen', exact: true }).click();
  const chargeDialog = page.getByRole('dialog', { name: 'Leistung buchen' });
  await chargeDialog.getByLabel('Artikel').selectOption({ label: 'Getränke' });
  await chargeDialog.getByLabel('Menge').fill('1');
  const charges = folio.getByRole('table', { name: 'Buchungen auf Folio 1' });
  const charge = await timed(
    () => chargeDialog.getByRole('button', { name: 'Buchen', exact: true }).click(),
    async () => {
      await chargeDialog.waitFor({ state: 'hidden' });
      await charges.getByRole('row', { name: /Getränke/ }).waitFor();
    },
  );
  await folio.getByRole('button', { name: 'Zahlung', exact: true }).click();
  const paymentDialog = page.getByRole('dialog', { name: 'Zahlung erfassen' });
  await paymentDialog.getByLabel('Zahlungsart').selectOption({ label: 'Kreditkarte' });
  await paymentDialog.getByLabel('Referenz').fill(reference);
  const payment = await timed(
    () => paymentDialog.getByRole('button', { name: 'Zahlung buchen' }).click(),
    async () => {
      await paymentDialog.waitFor({ state: 'hidden' });
      await folio.getByRole('table', { name: 'Zahlungen auf Folio 1' }).getByText(reference).waitFor();
    },
  );
  const heading = page.getByRole('heading', { level: 1 });
  const invoice = await timed(
    () => folio.getByRole('button', { name: 'Rechnung erstellen' }).click(),
    () =>
      heading
        .filter({ hasText: /Rechnung \S*\d/ })
        .filter({ hasText: 'Bezahlt' })
        .waitFor(),
  );
  await page.getByRole('button', { name: 'Stornieren', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: /^Rechnung .* stornieren\?$/ });
  const cancel = await timed(
    () => confirm.getByRole('button', { name: 'Stornieren', exact: true }).click(),
    () => heading.filter({ hasText: 'Stornorechnung' }).waitFor(),
  );
  return { charge, payment, invoice, cancel };
}

/** The sidebar's link to a screen. */
export function navigationLink(page: Page, name: string): Locator {
  return navigation(page).getByRole('link', { name, exact: true });
}
