// The desk benchmark's actions in the staff app (see desk.ts): each drives the screen as a receptionist
// does, with the role and label locators of the browser journeys, and times from the click (or the
// navigation) to the screen usable. The time is taken in the page, not in this process: from the input
// event's time stamp (the press of the button, the wheel, the typed character; for a navigation the
// document's start or the app's own route change) to the first frame drawn after the screen's probes
// hold (the data shown and the control enabled), checked on every animation frame. Playwright's own
// work around a click (its actionability checks, its polling of locators with back-off) is not in the
// figure; its locators then confirm, untimed, that the screen is the one the probes describe.
// What comes before the click is preparation, not timed.
import type { Locator, Page } from 'playwright-core';
import { addDays, firstScreenEndMark } from '@pms/contract';

/** The German dates the forms take. */
const germanDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/**
 * One condition of a screen in the page: the visible elements matching `css` (with `text` in their
 * text, a regular expression's source), at least `count` of them (1), or none when `absent`.
 */
export type TProbe = { css: string; text?: string; count?: number; absent?: true };

/**
 * The page's side of the timing, installed in every document before its own scripts (plain
 * JavaScript: the scripts are type checked without the DOM's types). `watch(probes, start)` waits for
 * the probes from `start` (a time stamp, or `null` for the next pointer press, input or wheel event);
 * `result` is the promise of the milliseconds from the start to the frame drawn after they hold.
 */
export const pageTiming = `
window.__desk = (() => {
  const starters = ['pointerdown', 'input', 'wheel'];
  let start = null;
  let probes = [];
  let settle = () => undefined;
  let result = Promise.resolve(0);
  const holds = (probe) => {
    const text = probe.text === undefined ? undefined : new RegExp(probe.text);
    let found = 0;
    for (const element of document.querySelectorAll(probe.css))
      if (element.checkVisibility() && (!text || text.test(element.textContent))) found++;
    return probe.absent ? found === 0 : found >= (probe.count ?? 1);
  };
  const onInput = (event) => {
    if (start === null) start = event.timeStamp;
  };
  const frame = () => {
    if (start === null || !probes.every(holds)) return requestAnimationFrame(frame);
    for (const type of starters) removeEventListener(type, onInput, true);
    // A message posted in the frame is delivered after the frame is drawn.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => settle(performance.now() - start);
    channel.port2.postMessage(0);
  };
  return {
    watch(wanted, from) {
      probes = wanted;
      start = from;
      result = new Promise((resolve, reject) => {
        settle = resolve;
        setTimeout(() => reject(new Error('not ready within 30 s: ' + JSON.stringify(wanted))), 30000);
      });
      for (const type of starters) addEventListener(type, onInput, true);
      requestAnimationFrame(frame);
    },
    begin() {
      if (start === null) start = performance.now();
    },
    get result() {
      return result;
    },
  };
})();
`;

/**
 * Milliseconds in the page from the input of `act` (a click, typing, the wheel, an in-app
 * navigation) to the frame that shows the screen `ready` describes; `confirm` then checks with the
 * journeys' locators (untimed) that it is that screen.
 */
export async function timed(
  page: Page,
  act: () => Promise<unknown>,
  ready: TProbe[],
  confirm: () => Promise<unknown>,
): Promise<number> {
  await page.evaluate(`__desk.watch(${JSON.stringify(ready)}, null)`);
  await act();
  const ms = Number(await page.evaluate('__desk.result'));
  await confirm();
  return ms;
}

/** The watch each page runs in every document it loads (`timedLoad`). */
const loadWatches = new WeakMap<Page, string>();

/** Milliseconds from the start of a first navigation to `url` (the document's time origin) to `ready`. */
export async function timedLoad(
  page: Page,
  url: string,
  ready: TProbe[],
  confirm: () => Promise<unknown>,
): Promise<number> {
  // The probes watch from the document's start (its time origin is the navigation's start), before
  // its own scripts: a watch begun after the navigation's commit would wait for the page's first
  // tasks and see a later frame than the one that drew the screen.
  const watch = `__desk.watch(${JSON.stringify(ready)}, 0)`;
  const installed = loadWatches.get(page);
  if (installed === undefined) {
    await page.addInitScript({ content: watch });
    loadWatches.set(page, watch);
  } else if (installed !== watch) throw new Error('a page is timed loading one screen only');
  await page.goto(url, { waitUntil: 'commit' });
  const ms = Number(await page.evaluate('__desk.result'));
  await confirm();
  return ms;
}

/** Where the app navigates on its own, as a link inside it would: no page load. */
export async function navigateInApp(page: Page, url: string): Promise<void> {
  await page.evaluate(
    `__desk.begin(); history.pushState({}, '', ${JSON.stringify(url)}); dispatchEvent(new PopStateEvent('popstate'))`,
  );
}

/** How a screen is opened for its timing: by an action in the app or by a first navigation. */
export type TOpen = (ready: TProbe[], confirm: () => Promise<unknown>) => Promise<number>;

/** Opened by `act` in the page (a click, a navigation inside the app). */
export const byAct =
  (page: Page, act: () => Promise<unknown>): TOpen =>
  (ready, confirm) =>
    timed(page, act, ready, confirm);

/** Opened by loading `url` (a cold screen). */
export const byLoad =
  (page: Page, url: string): TOpen =>
  (ready, confirm) =>
    timedLoad(page, url, ready, confirm);

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

/** The probes' text for a literal. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const noDialog: TProbe = { css: '[role=dialog]', absent: true };

/** A booking bar in the plan's row of a room. */
const planBar = (number: string): TProbe => ({
  css: `[role=table][aria-label="Zimmerplan"] [role=row]:has(> [role=rowheader][aria-label="${number}"]) [role=button]`,
});

/** The plan's row of a room by its number. */
function planRow(page: Page, number: string): Locator {
  return page
    .getByRole('table', { name: 'Zimmerplan' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: number, exact: true }) });
}

/**
 * The plan's times; `takeOver` is when the app's own plan replaced the one the server wrote into the
 * page (from the document's start), null when the page came without one (a warm plan, drawn by the app).
 */
export type TPlanTimes = {
  firstScreen: number;
  takeOver: number | null;
  lastRow: number;
  openBooking: number;
};

/**
 * The room plan, opened by `open` (a navigation or the sidebar's link): its first row's booking bar
 * drawn; then scrolled to the end until the last room's bar is drawn; then a bar of the first row
 * clicked until the booking's screen shows its code and its actions.
 */
export async function roomPlan(
  page: Page,
  open: TOpen,
  firstRoom: string,
  lastRoom: string,
): Promise<TPlanTimes> {
  // The probe holds for the written plan too; the locator (roles, which the written plan hides from)
  // then waits for the app's plan.
  const firstScreen = await open([planBar(firstRoom)], () =>
    planRow(page, firstRoom).getByRole('button').first().waitFor(),
  );
  const takeOver = Number(
    await page.evaluate(
      `performance.getEntriesByName(${JSON.stringify(firstScreenEndMark)})[0]?.startTime ?? Number.NaN`,
    ),
  );
  const lastBar = planRow(page, lastRoom).getByRole('button').first();
  // The wheel over the plan, as a receptionist scrolls it: the plan's table is its own scroll container.
  await page.getByRole('table', { name: 'Zimmerplan' }).hover({ position: { x: 60, y: 200 } });
  const lastRow = await timed(
    page,
    () => page.mouse.wheel(0, 1_000_000),
    [planBar(lastRoom)],
    () => lastBar.waitFor(),
  );
  const code =
    (await lastBar.getAttribute('aria-label'))?.split(' ')[0] ?? (await lastBar.innerText()).split(' ')[0]!;
  const openBooking = await timed(
    page,
    () => lastBar.click(),
    bookingProbes(code),
    () => bookingReady(page, code),
  );
  return { firstScreen, takeOver: Number.isNaN(takeOver) ? null : takeOver, lastRow, openBooking };
}

/** A booking's actions, enabled: in the page, and as the journeys find them. */
const bookingActions: TProbe = {
  css: '[role=group][aria-label="Aktionen der Buchung"] button:not([disabled])',
};
const bookingActionsShown = (page: Page) =>
  page.getByRole('group', { name: 'Aktionen der Buchung' }).getByRole('button').first().waitFor();

/** The booking's screen with its code as heading and its actions enabled. */
const bookingProbes = (code: string): TProbe[] => [{ css: 'h1', text: literal(code) }, bookingActions];

async function bookingReady(page: Page, code: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: code }).waitFor();
  await bookingActionsShown(page);
}

/** The dashboard, opened by `open`, with today's figures. */
export function dashboard(page: Page, open: TOpen): Promise<number> {
  return open(
    [{ css: 'h1', text: 'Übersicht' }, { css: 'ul[aria-label="Kennzahlen des Tages"] > li' }],
    async () => {
      await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
      await page.getByRole('list', { name: 'Kennzahlen des Tages' }).getByRole('listitem').first().waitFor();
    },
  );
}

export const arrivalsTodayUrl = '/bookings?filter=check_in_today';

/** The bookings list narrowed to today's arrivals, opened by `open`, with its first booking row. */
export function bookingsList(page: Page, open: TOpen): Promise<number> {
  // The header row is the first; the second is a booking (a link to it, not the empty table's line).
  return open([{ css: 'table[aria-label="Buchungen"] tbody tr:has(a[href^="/bookings/"])' }], () =>
    page.getByRole('table', { name: 'Buchungen' }).getByRole('row').nth(1).waitFor(),
  );
}

/** The global search for a guest: from typing the name until the first result is offered. */
export async function searchGuest(page: Page, name: string): Promise<number> {
  await page.getByRole('button', { name: 'Suche öffnen' }).click();
  const search = page.getByRole('dialog', { name: 'Suche' });
  const ms = await timed(
    page,
    () => search.getByLabel('Suchbegriff').fill(name),
    [{ css: '[role=dialog] [role=option]', text: literal(name) }],
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
    page,
    () => form.getByRole('button', { name: 'Buchung anlegen' }).click(),
    [noDialog, { css: 'main', text: literal(name) }, bookingActions],
    async () => {
      await form.waitFor({ state: 'hidden' });
      await page.getByRole('main').getByText(name).first().waitFor();
      await bookingActionsShown(page);
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
    page,
    () => confirm.getByRole('button', { name: 'Einchecken' }).click(),
    [noDialog, { css: 'h1', text: literal(code) }, { css: 'h1', text: 'Eingecheckt' }],
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
    page,
    () => chargeDialog.getByRole('button', { name: 'Buchen', exact: true }).click(),
    [noDialog, { css: 'table[aria-label^="Buchungen auf Folio 1"] tbody tr', text: 'Getränke' }],
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
    page,
    () => paymentDialog.getByRole('button', { name: 'Zahlung buchen' }).click(),
    [noDialog, { css: 'table[aria-label^="Zahlungen auf Folio 1"] tbody tr', text: literal(reference) }],
    async () => {
      await paymentDialog.waitFor({ state: 'hidden' });
      await folio.getByRole('table', { name: 'Zahlungen auf Folio 1' }).getByText(reference).waitFor();
    },
  );
  const heading = page.getByRole('heading', { level: 1 });
  const invoice = await timed(
    page,
    () => folio.getByRole('button', { name: 'Rechnung erstellen' }).click(),
    [
      { css: 'h1', text: 'Rechnung \\S*\\d' },
      { css: 'h1', text: 'Bezahlt' },
    ],
    () =>
      heading
        .filter({ hasText: /Rechnung \S*\d/ })
        .filter({ hasText: 'Bezahlt' })
        .waitFor(),
  );
  await page.getByRole('button', { name: 'Stornieren', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: /^Rechnung .* stornieren\?$/ });
  const cancel = await timed(
    page,
    () => confirm.getByRole('button', { name: 'Stornieren', exact: true }).click(),
    [{ css: 'h1', text: 'Stornorechnung' }],
    () => heading.filter({ hasText: 'Stornorechnung' }).waitFor(),
  );
  return { charge, payment, invoice, cancel };
}

/** The sidebar's link to a screen. */
export function navigationLink(page: Page, name: string): Locator {
  return navigation(page).getByRole('link', { name, exact: true });
}
