// Steps of the guest portal that several journeys take.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Types a date into the portal's day, month and year fields under `legend`. */
export async function fillPortalDate(
  page: Page,
  legend: string,
  [day, month, year]: [string, string, string],
): Promise<void> {
  const group = page.getByRole('group', { name: new RegExp(`^${legend}`) });
  await group.getByLabel('Tag').fill(day);
  await group.getByLabel('Monat').fill(month);
  await group.getByLabel('Jahr').fill(year);
}

/** Draws a few strokes on the signature pad and saves it. */
export async function sign(page: Page, save: string, saved: string): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++)
    await page.mouse.move(box.x + 30 + step * 20, box.y + box.height / 2 + (step % 2 ? -25 : 25), {
      steps: 3,
    });
  await page.mouse.up();
  await page.getByRole('button', { name: save }).click();
  await expect(page.getByText(saved)).toBeVisible();
}
