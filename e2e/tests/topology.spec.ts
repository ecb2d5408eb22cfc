// The reference deployment (scripts/topology.ts): PostgreSQL with a streaming replica behind
// PgBouncer in transaction mode, files on an S3-compatible store, three instances behind HAProxy
// without stickiness. A desk and a guest work through it while one instance is killed: nothing the
// user sees fails, nothing is paid twice, no upload is lost, and the jobs go on on the survivors.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TBooking, TContactDocument, TFileUrl, TFolioList } from '@pms/contract';
import { killInstance, startTopology, stopTopology, type TTopology } from '../../scripts/topology.ts';
import { expect, expectAccessible, loginAs, shot, test as base } from './fixtures.ts';
import { invoicesRendered, ok, portalStay, registerGuests, stayPrice } from './portal-steps.ts';

const test = base.extend<object, { topology: TTopology }>({
  topology: [
    async ({}, use) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'pms-topology-'));
      const topology = await startTopology(dir);
      try {
        await use(topology);
      } finally {
        await stopTopology(dir);
      }
    },
    // Three instances migrate, load the demo hotel and start on a busy machine.
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ topology }, use) => {
    await use(topology.url);
  },
});

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('through HAProxy, a stay goes on while an instance is killed: one payment, every upload kept', async ({
  page,
  context,
  adminApi,
  apiAs,
  topology,
}) => {
  test.slow();
  // Whatever the browser asks, through the balancer, never answers with a server error.
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 500)
      failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });

  // Staff sign in and set up the stay: through HAProxy, each request on whichever instance.
  const desk = await context.newPage();
  await loginAs(desk, 'admin@example.com', undefined, { path: '/dashboard' });
  await expect(desk.getByRole('heading', { name: 'Anreisen heute' })).toBeVisible();
  await desk.close();
  const {
    api,
    booking,
    folioId,
    base: portal,
    mainName,
    companionName,
  } = await portalStay(adminApi, apiAs, 'Haus am Verteiler');

  // The guest registers both guests with their ID pictures (uploads) and signs.
  await registerGuests(page, { booking, base: portal, mainName, companionName });
  await expect(page.getByRole('button', { name: '€ 240,00 bezahlen' })).toBeVisible();

  // One instance dies as a crashed machine would.
  const [victim, ...survivors] = topology.instances;
  killInstance(victim!);

  // The guest pays at the simulated partner and checks in; staff issue the invoice.
  await page.getByRole('button', { name: '€ 240,00 bezahlen' }).click();
  await page.waitForURL(/\/payments\/simulator\//);
  await page.getByRole('button', { name: /^Bezahlen · Pay/ }).click();
  await page.waitForURL(new RegExp(`${portal}/check-in(\\?status=\\w+)?$`));
  await expect(page.getByText('Zahlung erfolgreich. Vielen Dank!')).toBeVisible();
  await page.getByRole('button', { name: 'Einchecken' }).click();
  await expect(page.getByText(/Check-in erfolgreich/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'topology-checked-in');

  // Paid once, for the whole stay.
  const folios = await ok<TFolioList>(await api.get(`/api/folios?bookingId=${booking.id}`));
  expect(folios.data.flatMap((folio) => folio.payments.map((payment) => payment.amount))).toEqual([
    stayPrice,
  ]);
  expect(folios.totals.dueAmount).toBe(0);

  // Both guests' ID pictures are kept and read back, whichever instance serves them (files on S3).
  const stay = await ok<TBooking>(await api.get(`/api/bookings/${booking.id}?expand=guests`));
  expect(stay.status).toBe('checked_in');
  expect(stay.guests).toHaveLength(2);
  for (const guest of stay.guests!) {
    const files = await ok<{ data: TContactDocument[] }>(await api.get(`/api/contacts/${guest.id}/files`));
    expect(files.data.length, guest.name).toBeGreaterThan(0);
    for (const file of files.data) {
      // An ID picture reaches staff only with a reason (decision 194), through a signed link.
      const revealed = await ok<TFileUrl>(
        await api.post(`/api/contacts/${guest.id}/files/${file.id}/reveal`, {
          reason: 'Prüfung nach dem Ausfall einer Instanz',
        }),
      );
      const link = new URL(revealed.url);
      const content = await api.get(`${link.pathname}${link.search}`);
      expect(content.status(), file.name).toBe(200);
      expect((await content.body()).length).toBe(file.size);
    }
  }

  // The invoice's PDF is rendered by a job on a surviving instance and downloads from the store.
  await ok(await api.post('/api/invoices', { folioId }), 201);
  const [invoice] = await invoicesRendered(api, booking.id);
  const pdf = await api.get(`/api/files/${invoice!.fileId}/content`);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');

  // The survivors still answer on their own, the dead one does not.
  for (const instance of survivors)
    expect((await fetch(`http://127.0.0.1:${instance.port}/api/health`)).ok).toBe(true);
  await expect(fetch(`http://127.0.0.1:${victim!.port}/api/health`)).rejects.toThrow();
  expect(failures).toEqual([]);
});
