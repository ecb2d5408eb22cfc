import { addDays, type TDashboard } from '@pms/contract';
import { expect, expectAccessible, loginAs, propertyNames, shot, test, uniqueName } from './fixtures.ts';
import { createBooking, freeRooms, propertyToday } from './stays.ts';

test('the dashboard lists an arrival booked today and the occupancy it reports', async ({
  page,
  adminApi,
}) => {
  // A suite for tonight: no other journey books suites for today.
  const today = await propertyToday(adminApi);
  const [room] = await freeRooms(adminApi, 'Suite', today, addDays(today, 1));
  const name = uniqueName('Greta Gast');
  const booking = await createBooking(adminApi, {
    roomId: room!.id,
    checkIn: today,
    checkOut: addDays(today, 1),
    occupancy: 2,
    customer: { name },
  });

  const loaded = page.waitForResponse(
    (response) => response.url().includes('/api/dashboard') && response.request().method() === 'GET',
  );
  await loginAs(page, 'admin@example.com', undefined, {
    property: propertyNames.austria,
    path: '/dashboard',
  });
  const dashboard = (await (await loaded).json()) as TDashboard;
  expect(dashboard.date).toBe(today);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();

  // The first ten arrivals by room, and a link to all of them when there are more.
  const arrivals = page.getByRole('list', { name: 'Anreisen heute' });
  const shown = dashboard.arrivals.slice(0, 10);
  const allArrivals = arrivals.getByRole('link', {
    name: `Alle ${dashboard.arrivals.length} in der Buchungsliste`,
  });
  await expect(arrivals.getByRole('link')).toHaveCount(
    shown.length + (dashboard.arrivals.length > shown.length ? 1 : 0),
  );
  await expect(allArrivals).toHaveCount(dashboard.arrivals.length > shown.length ? 1 : 0);

  // The card shows the figures the server counted for the page.
  const { occupiedRooms, totalRooms, percent } = dashboard.occupancy;
  expect(occupiedRooms).toBeGreaterThanOrEqual(1);
  const occupancy = page
    .getByRole('list', { name: 'Kennzahlen des Tages' })
    .getByRole('listitem')
    .filter({ hasText: 'Auslastung' });
  await expect(occupancy).toContainText(`${occupiedRooms} von ${totalRooms} Zimmern belegt`);
  const shownPercent = new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 1 });
  await expect(occupancy).toContainText(shownPercent.format(percent / 100));

  // The two trend charts, with their figures as tables for screen readers.
  const occupancyTrend = page.getByRole('table', { name: 'Auslastung der letzten und nächsten zwei Wochen' });
  await expect(occupancyTrend.getByRole('row')).toHaveCount(dashboard.trend.length);
  const todayInTrend = dashboard.trend.find((night) => night.date === today)!;
  expect(todayInTrend.occupiedRooms).toBe(occupiedRooms);
  await expect(page.getByRole('img', { name: /Balkendiagramm: Umsatz netto/ })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'dashboard');

  if (shown.some((stay) => stay.id === booking.id)) {
    const arrival = arrivals.getByRole('link', { name: new RegExp(name) });
    await expect(arrival).toContainText(room!.number);
    await expect(arrival).toContainText(`${booking.code} · 2 Personen`);
    await expect(arrival).toContainText('Bestätigt');
    await arrival.click();
  } else {
    // A busy day: the booking is in the bookings list behind the link.
    await allArrivals.click();
    await expect(page).toHaveURL('/bookings?filter=check_in_today');
    const listed = page.getByRole('table', { name: 'Buchungen' }).getByRole('row').filter({ hasText: name });
    await expect(listed).toContainText(booking.code);
    await listed.getByText(booking.code).click();
  }
  await expect(page).toHaveURL(`/bookings/${booking.id}`);
  await expect(page.getByRole('heading', { level: 1, name: booking.code })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(name);
  await expectAccessible(page);
  await shot(page, 'dashboard-arrival-booking');
});
