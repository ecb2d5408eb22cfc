import type { Page, Request } from '@playwright/test';
import { addDays } from '@pms/contract';
import { expect, expectAccessible, loginAs, shot, test, uniqueName } from './fixtures.ts';
import { createBooking, englishDate, freeRooms, germanDate, propertyToday } from './stays.ts';

/** Tall enough for every row of the room plan: it draws only the rows in view. */
const roomPlanViewport = { width: 1440, height: 2400 };
/** The green of a checked-in stay: a booking of that colour must still read as one still to come. */
const checkedInGreen = '#047857';

async function openPlan(page: Page, email: string, password: string, start: string): Promise<void> {
  await page.setViewportSize(roomPlanViewport);
  await loginAs(page, email, password, { path: `/room-plan?from=${start}&days=14` });
}

test("the room plan shows a booking's status beside its own colour, explains its marks, and opens a lock for editing", async ({
  page,
  createMember,
  apiAs,
}) => {
  const member = await createMember({ name: 'Lena Legende', password: 'plan-mit-legende-1' });
  const api = await apiAs(member.email, member.password);
  const today = await propertyToday(api);
  const start = addDays(today, 3);
  const end = addDays(today, 5);
  const [room, lockRoom] = await freeRooms(api, 'Doppelzimmer', start, end);
  if (!room || !lockRoom) throw new Error('two double rooms must be free');
  const name = uniqueName('Greta Grün');
  const booking = await createBooking(api, {
    roomId: room.id,
    checkIn: start,
    checkOut: end,
    occupancy: 2,
    customer: { name },
    color: checkedInGreen,
    isRoomFixed: true,
  });
  const reason = uniqueName('Maler');
  const lock = await api.post('/api/room_locks', {
    roomId: lockRoom.id,
    startDate: start,
    endDate: addDays(start, 1),
    reason,
  });
  expect(lock.status(), await lock.text()).toBe(201);

  await openPlan(page, member.email, member.password, today);
  const legend = page.getByRole('list', { name: 'Legende' });
  const marks = ['Unbestätigt', 'Bestätigt', 'Eingecheckt', 'Ausgecheckt', 'Fest im Zimmer', 'Gesperrt'];
  const states = ['Sauber', 'Schmutzig', 'Außer Betrieb'];
  await expect(legend.getByRole('listitem')).toHaveText([...marks, ...states]);

  // Green like a guest in house, yet confirmed and still to come: the bar says so.
  const bar = page.getByRole('button', { name: `${booking.code} ${name}`, exact: true });
  await expect(bar).toHaveAttribute('data-status', 'confirmed');
  await expect(bar).toHaveAttribute('title', new RegExp(`Bestätigt, Fest im Zimmer$`));
  await expect(bar).toHaveCSS('background-color', 'rgb(4, 120, 87)');
  await expectAccessible(page);
  await shot(page, 'room-plan-legend');

  // A day typed as German staff write it moves the plan there; a half-typed one leaves it be.
  const toolbar = page.getByRole('group', { name: 'Zeitraum des Zimmerplans' });
  const firstDay = toolbar.getByLabel('Erster Tag');
  await expect(firstDay).toHaveValue(germanDate(today));
  await firstDay.fill(germanDate(start).slice(0, 6));
  await expect(firstDay).toHaveValue(germanDate(start).slice(0, 6));
  await expect(page).toHaveURL(new RegExp(`from=${today}&`));
  await firstDay.fill(germanDate(start));
  await expect(page).toHaveURL(new RegExp(`from=${start}&`));
  await toolbar.getByRole('button', { name: 'Nächste Woche' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${addDays(start, 7)}&`));
  await expect(firstDay).toHaveValue(germanDate(addDays(start, 7)));
  await firstDay.fill(germanDate(today));
  await expect(page).toHaveURL(new RegExp(`from=${today}&`));

  // The lock opens for editing on the plan.
  await page.getByRole('button', { name: `Gesperrt: ${reason}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Zimmersperre bearbeiten' });
  await expect(dialog.getByLabel('Grund')).toHaveValue(reason);
  await expect(dialog.getByLabel('Zimmer', { exact: true })).toHaveValue(lockRoom.id);
  await expectAccessible(page);
  await shot(page, 'room-plan-edit-lock');
  const newReason = uniqueName('Boden');
  await dialog.getByLabel('Grund').fill(newReason);
  const saved = page.waitForResponse(
    (response) => response.url().includes('/api/room_locks/') && response.request().method() === 'PUT',
  );
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Gesperrt: ${newReason}`, exact: true })).toBeVisible();

  // The same in English.
  const language = await api.patch('/api/session/profile', { language: 'en' });
  expect(language.status(), await language.text()).toBe(200);
  await openPlan(page, member.email, member.password, today);
  const englishLegend = page.getByRole('list', { name: 'Legend' });
  await expect(englishLegend.getByRole('listitem')).toHaveText([
    'Pending',
    'Confirmed',
    'Checked in',
    'Checked out',
    'Fixed to room',
    'Locked',
    'Clean',
    'Dirty',
    'Out of service',
  ]);
  await expect(page.getByRole('button', { name: `${booking.code} ${name}`, exact: true })).toHaveAttribute(
    'title',
    /Confirmed, Fixed to room$/,
  );
  await expect(page.getByLabel('First day')).toHaveValue(englishDate(today));
  await expectAccessible(page);
  await shot(page, 'room-plan-legend-en');
});

test('the room plan comes with its page, and the app takes it over where it stands', async ({
  page,
  createMember,
  apiAs,
}) => {
  const member = await createMember({ name: 'Sven Sofort', password: 'plan-mit-seite-1' });
  const api = await apiAs(member.email, member.password);
  const today = await propertyToday(api);
  const [room] = await freeRooms(api, 'Doppelzimmer', today, addDays(today, 2));
  if (!room) throw new Error('a double room must be free');
  const name = uniqueName('Sofia Seite');
  const booking = await createBooking(api, {
    roomId: room.id,
    checkIn: today,
    checkOut: addDays(today, 2),
    occupancy: 2,
    customer: { name },
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, member.email, member.password);
  const path = `/room-plan?from=${addDays(today, -1)}&days=14`;
  const writtenBar = page.locator(`#first-screen [role=button][aria-label="${booking.code} ${name}"]`);

  // Without the app's code the page alone shows the plan: the server wrote it.
  const app = /\/assets\/main-[^/]+\.js$/;
  await page.route(app, (route) => route.abort());
  const written = await page.goto(path);
  expect(await written?.text()).toContain('id="first-screen"');
  await expect(writtenBar).toBeVisible();
  await expect(page.locator('#root')).toBeEmpty();
  await shot(page, 'room-plan-written', { fullPage: false });

  // A click on the picture before the app has loaded (the pointer says it is loading) is not lost:
  // once the app has drawn its plan, it opens the booking whose bar was clicked.
  let releaseApp = () => {};
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
  await page.route(app, async (route) => {
    await appHeld;
    await route.continue();
  });
  await page.goto(path);
  const box = await writtenBar.boundingBox();
  if (!box) throw new Error('the written bar must be on screen');
  await expect(page.locator('html')).toHaveCSS('cursor', 'progress');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(/\/room-plan\?/);
  releaseApp();
  await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(booking.code);
  await expect(page.locator('html')).not.toHaveCSS('cursor', 'progress');

  // With it, the app draws its own plan in its place and the bar opens the booking. The page's
  // scripts are preloaded, and the app's imports take them from there: each is fetched once.
  await page.unroute(app);
  const scripts: string[] = [];
  const listen = (request: Request) => {
    if (/\/assets\/[^/]+\.js$/.test(request.url())) scripts.push(request.url());
  };
  page.on('request', listen);
  await page.goto(path);
  const bar = page.getByRole('button', { name: `${booking.code} ${name}`, exact: true });
  await expect(bar).toBeVisible();
  await expect(page.locator('#first-screen')).toHaveCount(0);
  page.off('request', listen);
  expect(scripts.some((url) => app.test(url))).toBe(true);
  expect(scripts).toEqual([...new Set(scripts)]);
  await bar.click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(booking.code);

  // A browser that no longer holds the user (signed out in another tab) gets the login, not the picture.
  await page.evaluate(() => localStorage.removeItem('user'));
  expect(await (await page.goto(path))?.text()).toContain('id="first-screen"');
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await expect(page.locator('#first-screen')).toHaveCount(0);
});
