import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, type TChannel, type TRoomPlan, type TSyncReport } from '@pms/contract';
import { expect, expectAccessible, loginAs, shot, test } from './fixtures.ts';
import { freeRooms, propertyToday } from './stays.ts';
import { airbnbCalendar, type TCalendarEvent } from '../../apps/server/test/fixtures/airbnb-calendar.ts';

/** Tall enough for every row of the room plan: it draws only the rows in view. */
const roomPlanViewport = { width: 1440, height: 2400 };
const roomTypeName = 'Doppelzimmer';

/** The platform's calendar server on this machine; it serves an empty calendar until `publish`. */
async function startCalendarServer(events: readonly TCalendarEvent[]) {
  let body = airbnbCalendar([]);
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hosting/calendar/room.ics`,
    publish: () => {
      body = airbnbCalendar(events);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('channels: an Airbnb calendar imported by sync now, its conflict on the dashboard until it gets a room', async ({
  page,
  adminApi,
  apiAs,
  createMember,
}) => {
  // Four months ahead: beyond the demo bookings and every other journey's days.
  const today = await propertyToday(adminApi);
  const checkIn = addDays(today, 120);
  const checkOut = addDays(today, 123);
  const [room, spareRoom] = await freeRooms(adminApi, roomTypeName, checkIn, addDays(today, 135));
  if (!room || !spareRoom) throw new Error(`two ${roomTypeName} rooms must be free`);
  // Airbnb sold the same nights twice, and closed the room for a few days after.
  const calendar = await startCalendarServer([
    { uid: `first-${checkIn}@airbnb.com`, from: checkIn, to: checkOut },
    { uid: `second-${checkIn}@airbnb.com`, from: checkIn, to: checkOut },
    {
      uid: `window-${checkIn}@airbnb.com`,
      from: addDays(today, 130),
      to: addDays(today, 133),
      summary: 'Airbnb (Not available)',
    },
  ]);
  try {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginAs(page, 'admin@example.com', undefined, { path: '/base-data/channels' });
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Kanäle', level: 2, exact: true })).toBeVisible();
    await expect(main.getByText('Noch keine Kanäle')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'channels-empty');

    // Airbnb, with the defaults: DTEND the check-out day, a conflict held without a room.
    await main.getByRole('button', { name: 'Kanal anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kanal anlegen' });
    await dialog.getByLabel('Name').fill('Airbnb');
    await expect(dialog.getByLabel('Bedeutet „gesperrt“')).toHaveValue('Not available\nBlocked\nCLOSED');
    await expect(dialog.getByLabel('Ende eines Eintrags (DTEND)')).toHaveValue('checkOut');
    await expect(dialog.getByLabel('Bei Überschneidung mit einem belegten Zimmer')).toHaveValue('mark');
    await expectAccessible(page);
    await shot(page, 'channels-create');
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/channels') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    expect((await created).status()).toBe(201);
    await expect(dialog).toBeHidden();
    const feeds = main.getByRole('table', { name: 'Feeds von Airbnb' });
    const roomRow = feeds
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: room.number, exact: true }) });
    await expect(roomRow).toBeVisible();

    // The room's import URL: the platform's calendar.
    await roomRow
      .getByRole('button', { name: `Import-Adresse für Zimmer ${room.number} bearbeiten` })
      .click();
    const importDialog = page.getByRole('dialog', { name: `Import-Adresse · Zimmer ${room.number}` });
    await importDialog.getByLabel('Import-Adresse').fill(calendar.url);
    const saved = page.waitForResponse(
      (response) => response.url().includes(`/rooms/${room.id}`) && response.request().method() === 'PUT',
    );
    await importDialog.getByRole('button', { name: 'Speichern' }).click();
    expect((await saved).status()).toBe(200);
    await expect(importDialog).toBeHidden();
    await expect(roomRow).toContainText(calendar.url);

    // Its export URL, for the platform to read what the hotel sold elsewhere.
    const exportField = roomRow.getByRole('textbox', {
      name: `Export-Adresse für Zimmer ${room.number}`,
      exact: true,
    });
    await expect(exportField).toHaveValue(/\/api\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    const exportUrl = await exportField.inputValue();
    await roomRow.getByRole('button', { name: `Export-Adresse für Zimmer ${room.number} kopieren` }).click();
    await expect(
      roomRow.getByRole('button', { name: `Export-Adresse für Zimmer ${room.number} kopieren` }),
    ).toHaveText('Kopiert');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(exportUrl);
    const exported = await page.request.get(exportUrl);
    expect(exported.status()).toBe(200);
    expect(await exported.text()).toContain('BEGIN:VCALENDAR');

    // Sync now: the report per feed, and the feed's last success.
    calendar.publish();
    const synced = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/bookings/synchronize') && response.request().method() === 'POST',
    );
    await main.getByRole('button', { name: 'Jetzt abgleichen' }).click();
    const syncAnswer = await synced;
    expect(syncAnswer.status()).toBe(200);
    const report = (await syncAnswer.json()) as TSyncReport;
    expect(report.feeds).toEqual([
      expect.objectContaining({ channel: 'Airbnb', roomNumber: room.number, outcome: 'fetched', errors: [] }),
    ]);
    // The server's minute job may have read the published calendar a moment before: this sync then
    // finds everything in place. Either way the room plan and the dashboard below show the result.
    const [feed] = report.feeds;
    expect([
      [2, 1, 1],
      [0, 0, 0],
    ]).toContainEqual([feed!.created, feed!.blocks, feed!.conflicts]);
    const reportTable = main.getByRole('table', { name: 'Bericht des Abgleichs' });
    const reportRow = reportTable.getByRole('row').filter({ hasText: room.number });
    await expect(reportRow.getByRole('cell')).toHaveText([
      'Airbnb',
      room.number,
      'Abgerufen',
      String(feed!.created),
      '0',
      '0',
      String(feed!.blocks),
      String(feed!.conflicts),
      '',
    ]);
    await expect(roomRow).toContainText('Zuletzt erfolgreich');
    // The report as a file: the same CSV the server answers, named by the property and the time.
    const download = page.waitForEvent('download');
    await main.getByRole('button', { name: 'Als CSV herunterladen' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^channel-sync-Alpenhof-Salzburg-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/,
    );
    const csv = readFileSync(await file.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'channel,room,outcome,created,updated,canceled,blocks,conflicts,errors',
    );
    expect(csv).toContain(`Airbnb,${room.number},fetched,`);
    await expectAccessible(page);
    await shot(page, 'channels-synced');

    // Where the import put them: one in the room, the conflict without a room, the window locked.
    const planAnswer = await adminApi.get(`/api/room_plan?from=${checkIn}&to=${addDays(checkOut, -1)}`);
    const plan = (await planAnswer.json()) as TRoomPlan;
    const inRoom = plan.rooms.find((entry) => entry.id === room.id)!.bookings;
    expect(inRoom).toHaveLength(1);
    const roomTypeId = plan.roomTypes.find((type) => type.name === roomTypeName)!.id;
    const held = plan.unassigned
      .find((lane) => lane.roomTypeId === roomTypeId)!
      .bookings.filter((booking) => booking.checkIn === checkIn && booking.checkOut === checkOut);
    expect(held).toHaveLength(1);
    const [imported, conflict] = [inRoom[0]!, held[0]!];

    await page.setViewportSize(roomPlanViewport);
    await page.goto(`/room-plan?from=${addDays(checkIn, -2)}&days=14`);
    const roomPlanRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: room.number, exact: true }) });
    await expect(roomPlanRow.getByRole('button', { name: new RegExp(`^${imported.code} `) })).toBeVisible();
    await expect(roomPlanRow.getByRole('button', { name: /^Gesperrt: Airbnb/ })).toBeVisible();
    const unassignedRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: `Nicht zugewiesen ${roomTypeName}` }) });
    await expect(unassignedRow.getByRole('button', { name: new RegExp(`^${conflict.code} `) })).toBeVisible();
    await shot(page, 'channels-room-plan', { fullPage: false });

    // The dashboard names the conflict; it leads to the booking.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard');
    const conflicts = main.getByRole('list', { name: 'Kanal-Konflikte' });
    const conflictLink = conflicts.getByRole('link').filter({ hasText: conflict.code });
    await expect(conflictLink).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'channels-dashboard-conflict');
    await conflictLink.click();
    await expect(page).toHaveURL(new RegExp(`/bookings/${conflict.id}$`));
    await expect(main.getByRole('heading', { level: 1 })).toContainText('Airbnb');
    const warning = main.getByRole('alert').filter({ hasText: 'Kanal-Konflikt: noch kein Zimmer' });
    await expect(warning).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'channels-conflict-booking');

    // A free room resolves it.
    await main.getByRole('button', { name: 'Bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Buchung bearbeiten' });
    const roomSelect = edit.getByLabel('Zimmer', { exact: true });
    await expect(roomSelect).toHaveValue('');
    await expect(roomSelect.locator(`option[value="${spareRoom.id}"]`)).toHaveCount(1);
    await roomSelect.selectOption(spareRoom.id);
    const updated = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/bookings/${conflict.id}`) && response.request().method() === 'PUT',
    );
    await edit.getByRole('button', { name: 'Speichern' }).click();
    expect((await updated).status()).toBe(200);
    await expect(edit).toBeHidden();
    await expect(warning).toBeHidden();

    await page.goto('/dashboard');
    await expect(main.getByRole('heading', { name: 'Anreisen heute' })).toBeVisible();
    await expect(conflicts).toBeHidden();
    const channels = (await (await adminApi.get('/api/channels')).json()) as { data: TChannel[] };
    expect(channels.data.map((channel) => channel.name)).toEqual(['Airbnb']);

    // The front desk sees the channels and may sync now, but changes none of them.
    const staff = await createMember({ role: 'staff', name: 'Rita Rezeption', password: 'kanaele-lesen-1' });
    await loginAs(page, staff.email, staff.password, { path: '/base-data/channels' });
    await expect(roomRow).toContainText(calendar.url);
    await expect(
      roomRow.getByRole('button', { name: `Export-Adresse für Zimmer ${room.number} kopieren` }),
    ).toBeVisible();
    await expect(main.getByRole('button', { name: 'Jetzt abgleichen' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Kanal anlegen' })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Airbnb bearbeiten' })).toHaveCount(0);
    await expect(
      roomRow.getByRole('button', { name: /bearbeiten|widerrufen|Neue Export-Adresse/ }),
    ).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, 'channels-read-only');

    // The same screen in English, for a manager who reads it so; a second sync finds nothing new.
    const manager = await createMember({ role: 'manager', name: 'Mia Manager', password: 'channels-en-1' });
    const managerApi = await apiAs(manager.email, manager.password);
    const language = await managerApi.patch('/api/session/profile', { language: 'en' });
    expect(language.status(), await language.text()).toBe(200);
    await loginAs(page, manager.email, manager.password, { path: '/base-data/channels' });
    await expect(main.getByRole('heading', { name: 'Channels', level: 2, exact: true })).toBeVisible();
    const englishFeeds = main.getByRole('table', { name: 'Feeds of Airbnb' });
    const englishRow = englishFeeds
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: room.number, exact: true }) });
    await expect(englishRow).toContainText('Last success');
    await expect(
      englishRow.getByRole('button', { name: `Copy export URL for room ${room.number}` }),
    ).toBeVisible();
    await expect(main.getByRole('button', { name: 'Edit Airbnb' })).toBeVisible();
    const resynced = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/bookings/synchronize') && response.request().method() === 'POST',
    );
    await main.getByRole('button', { name: 'Sync now' }).click();
    expect((await resynced).status()).toBe(200);
    const englishReport = main.getByRole('table', { name: 'Sync report' });
    await expect(englishReport.getByRole('columnheader')).toHaveText([
      'Channel',
      'Room',
      'Outcome',
      'Created',
      'Updated',
      'Canceled',
      'Blocks',
      'Conflicts',
      'Errors',
    ]);
    await expect(
      englishReport.getByRole('row').filter({ hasText: room.number }).getByRole('cell'),
    ).toHaveText(['Airbnb', room.number, /^(Fetched|Not modified)$/, '0', '0', '0', '0', '0', '']);
    await expectAccessible(page);
    await shot(page, 'channels-synced-en');
  } finally {
    await calendar.close();
  }
});
