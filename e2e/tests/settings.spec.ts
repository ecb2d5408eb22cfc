import type { Locator } from '@playwright/test';
import type { TProperty } from '@pms/contract';
import {
  expect,
  expectAccessible,
  loginAs,
  problemType,
  propertyNames,
  shot,
  test,
  uniqueEmail,
} from './fixtures.ts';

function backgroundOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).backgroundColor);
}

test('branding: a new brand colour recolours the app once saved', async ({ page, apiAs }) => {
  // The manager in the German property: no other journey looks at its colours.
  await loginAs(page, 'manager@example.com', undefined, {
    property: propertyNames.germany,
    path: '/settings',
  });
  await expect(page).toHaveURL('/settings/branding');
  const current = await page.request.get('/api/properties/current');
  const property = (await current.json()) as TProperty;
  expect(property.name).toBe(propertyNames.germany);

  try {
    // The header's create-booking control, a primary button (a link in earlier builds).
    const header = page.getByRole('banner');
    const primaryButton = header
      .getByRole('button', { name: 'Buchung anlegen' })
      .or(header.getByRole('link', { name: 'Buchung anlegen' }));
    // The property's palette arrives with the property list, after the first paint; the button
    // fades into it (axe waits for that).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--color-primary-600')))
      .not.toBe('');
    await expect(page.getByRole('heading', { name: 'Markenfarben' })).toBeVisible();
    await expectAccessible(page);
    const before = await backgroundOf(primaryButton);
    await shot(page, 'settings-branding');

    await page.getByLabel('Grundfarbe').fill('#9333ea');
    await page.getByRole('button', { name: 'Farbtöne ableiten' }).click();
    await expect(page.getByLabel('Farbton 500', { exact: true })).toHaveValue('#9333ea');
    // Only the preview shows the new colours until they are saved.
    expect(await backgroundOf(primaryButton)).toBe(before);

    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/properties/${property.id}`) && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: 'Einstellungen gespeichert' })).toBeVisible();

    const shade600 = await page.getByLabel('Farbton 600', { exact: true }).inputValue();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--color-primary-600')))
      .toBe(shade600);
    await expect.poll(() => backgroundOf(primaryButton)).not.toBe(before);
    await expectAccessible(page);
    await shot(page, 'settings-branding-saved');

    // The colours are the property's: they come back after a reload.
    await page.reload();
    await expect.poll(() => backgroundOf(primaryButton)).not.toBe(before);
  } finally {
    const manager = await apiAs('manager@example.com', undefined, { property: propertyNames.germany });
    const restored = await manager.put(`/api/properties/${property.id}`, {
      branding: { primaryColor: property.branding.primaryColor },
    });
    expect(restored.status(), 'restoring the palette').toBe(200);
  }
});

test('team: add a member (default password shown once), remove them, and their login fails', async ({
  page,
  apiAs,
}) => {
  await loginAs(page, 'admin@example.com', undefined, { path: '/settings/team' });
  const table = page.getByRole('table', { name: 'Team' });
  await expect(table.getByRole('row', { name: /Anna Admin/ })).toContainText('Du');
  await expectAccessible(page);
  await shot(page, 'settings-team');

  const email = uniqueEmail('team');
  // First by name, so the team's first page shows it however many members other journeys added.
  const name = `Aaron Team ${email.split('@')[0]!.slice(-6)}`;
  await page.getByRole('button', { name: 'Person hinzufügen' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Person zum Team hinzufügen' });
  await expect(addDialog).toBeVisible();
  await addDialog.getByLabel('E-Mail-Adresse').fill(email);
  await addDialog.getByLabel('Name').fill(name);
  await addDialog.getByLabel('Rolle').selectOption({ label: 'Reinigung' });
  await expectAccessible(page);
  await shot(page, 'settings-team-add');
  await addDialog.getByRole('button', { name: 'Person hinzufügen' }).click();

  const passwordDialog = page.getByRole('dialog', { name: 'Zum Team hinzugefügt' });
  await expect(passwordDialog).toBeVisible();
  const defaultPassword = await passwordDialog.getByLabel('Vorläufiges Passwort').inputValue();
  expect(defaultPassword.length).toBeGreaterThanOrEqual(8);
  await expectAccessible(page);
  await shot(page, 'settings-team-default-password');
  await passwordDialog.getByRole('button', { name: 'Fertig' }).click();
  await expect(passwordDialog).toBeHidden();

  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Reinigung');
  await expect(page.getByText(defaultPassword)).toHaveCount(0);
  // The password shown works, and asks to be changed.
  const member = await apiAs(email, defaultPassword);
  expect(member.session.mustChangePassword).toBe(true);

  await row.getByRole('button', { name: `${name} entfernen` }).click();
  const confirm = page.getByRole('dialog', { name: 'Aus dem Team entfernen?' });
  await expect(confirm).toContainText(`${name} verliert den Zugang zu diesem Betrieb.`);
  await expectAccessible(page);
  await shot(page, 'settings-team-remove');
  await confirm.getByRole('button', { name: 'Entfernen' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${name} wurde aus dem Team entfernt` }),
  ).toBeVisible();
  await expect(row).toHaveCount(0);

  const refused = await page.request.post('/api/session/login', {
    data: { email, password: defaultPassword },
  });
  expect(refused.status()).toBe(401);
  expect(await problemType(refused)).toBe('auth/invalid_credentials');
});
