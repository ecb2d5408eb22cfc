import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, propertyNames, shot, test } from './fixtures.ts';

function primaryShade(page: Page): Promise<string> {
  return page.evaluate(() => document.documentElement.style.getPropertyValue('--color-primary-600'));
}

test('switching the property from the sidebar renames the switcher and recolours the page', async ({
  page,
}) => {
  // Staff takes this journey alone, so changing its last property disturbs no other test.
  await loginAs(page, 'staff@example.com', undefined, { property: propertyNames.austria });
  const switcher = page.getByRole('button', { name: /Betrieb/ });
  await expect(switcher).toContainText(propertyNames.austria);
  const austrianShade = await primaryShade(page);
  expect(austrianShade).toMatch(/^#[0-9a-f]{6}$/);

  await switcher.click();
  await expect(page.getByRole('menuitem', { name: propertyNames.austria })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expectAccessible(page);
  await shot(page, 'property-switcher', { fullPage: false });

  await page.getByRole('menuitem', { name: propertyNames.germany }).click();
  await expect(switcher).toContainText(propertyNames.germany);
  await expect.poll(() => primaryShade(page)).not.toBe(austrianShade);
  await expect(page).toHaveURL('/bookings');
  await expectAccessible(page);
  await shot(page, 'bookings-germany');

  // And back: the Austrian colours return.
  await switcher.click();
  await page.getByRole('menuitem', { name: propertyNames.austria }).click();
  await expect(switcher).toContainText(propertyNames.austria);
  await expect.poll(() => primaryShade(page)).toBe(austrianShade);
});
