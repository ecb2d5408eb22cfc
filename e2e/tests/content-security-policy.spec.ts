import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures.ts';

/** What the browser refuses under the page's Content-Security-Policy: Chromium reports it on the console. */
function recordRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) refusals.push(message.text());
  });
  return refusals;
}

test('the staff app runs under its Content-Security-Policy without a refusal', async ({ page }) => {
  const refusals = recordRefusals(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await loginAs(page, 'admin@example.com');
  // The screens with the most moving parts: charts and cards, the plan's positioned bars, the logo.
  for (const screen of ['/dashboard', '/room-plan', '/settings/branding']) {
    const response = await page.goto(screen);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { level: 1 }), screen).toBeVisible();
  }
  expect(refusals).toEqual([]);
});

test('the API docs run under their Content-Security-Policy without a refusal', async ({ page }) => {
  const refusals = recordRefusals(page);
  await page.goto('/api/docs/');
  await expect(page.getByRole('heading', { level: 1, name: /PMS API/ })).toBeVisible();
  // An operation opened renders its schemas and examples (swagger-ui styles some of them inline).
  await page.getByRole('button', { name: 'POST /api/session/login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Try it out' })).toBeVisible();
  expect(refusals).toEqual([]);
});
