import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import type { Download, Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, propertyNames, shot, test } from './fixtures.ts';

async function downloadBy(page: Page, button: string): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return download;
}

test('runs each report for a period and downloads the items CSV and the DATEV file', async ({ page }) => {
  await loginAs(page, 'admin@example.com', undefined, { property: propertyNames.austria, path: '/reports' });
  await expect(page.getByRole('heading', { level: 1, name: 'Berichte' })).toBeVisible();

  // Items: this year's charges by item, with a totals row.
  const items = page.waitForResponse(
    (response) => response.url().includes('/api/reports/items') && response.request().method() === 'GET',
  );
  await page.getByLabel('Zeitraum').selectOption({ label: 'Dieses Jahr' });
  expect((await items).status()).toBe(200);
  const itemsTable = page.getByRole('table').first();
  await expect(itemsTable).toContainText('Übernachtung');
  await expect(itemsTable).toContainText('Summe');
  await page.getByLabel('Nach Zimmern gruppieren').check();
  await expect(itemsTable).toContainText('Zimmer');
  await expectAccessible(page);
  await shot(page, 'reports-items');
  const csv = await downloadBy(page, 'CSV herunterladen');
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  expect(readFileSync(await csv.path()).toString('utf8')).toContain('Übernachtung');

  // The accounting export: the demo's invoices and payments of the year, as a DATEV batch.
  await page.getByRole('tab', { name: 'Buchhaltungsexport' }).click();
  await expect(page.getByText(/Erlösbuchungen und \d+ Zahlungen im Zeitraum/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'reports-accounting');
  const datev = await downloadBy(page, 'DATEV-Buchungsstapel herunterladen');
  expect(datev.suggestedFilename()).toMatch(/^EXTF_Buchungsstapel_.*\.csv$/);
  const lines = iconv.decode(readFileSync(await datev.path()), 'win1252').split('\r\n');
  expect(lines[0]).toMatch(/^"EXTF";700;21;"Buchungsstapel";13;/);
  expect(lines[1]).toContain('Umsatz (ohne Soll/Haben-Kz)');
  expect(lines.length).toBeGreaterThan(3);

  // Guest statistics: arrivals and nights by country of residence.
  await page.getByRole('tab', { name: 'Gästestatistik' }).click();
  const statistics = page.getByRole('table').filter({ hasText: 'Herkunftsland' });
  await expect(statistics).toContainText('Österreich');
  await expect(statistics).toContainText('Übernachtungen');
  await expectAccessible(page);
  await shot(page, 'reports-statistics');

  // A custom period: a hint, no error, until both days are typed (as German staff write them).
  await page.getByLabel('Zeitraum').selectOption({ label: 'Benutzerdefiniert' });
  const from = page.getByLabel('Von', { exact: true });
  const to = page.getByLabel('Bis', { exact: true });
  await expect(from).not.toHaveAttribute('aria-invalid');
  await expect(to).not.toHaveAttribute('aria-invalid');
  await expect(to).toHaveAccessibleDescription(
    'Wähle einen ersten und einen letzten Tag, der erste nicht nach dem letzten.',
  );
  const forPeriod = page.waitForResponse(
    (response) =>
      response.url().includes('/api/reports/guest_statistics') &&
      response.url().includes('from=2026-01-01') &&
      response.url().includes('to=2026-03-31'),
  );
  await from.fill('1.1.2026');
  await to.fill('31.03.2026');
  expect((await forPeriod).status()).toBe(200);
  await expect(from).toHaveValue('01.01.2026');
  await expectAccessible(page);
  await shot(page, 'reports-custom-period');
});
