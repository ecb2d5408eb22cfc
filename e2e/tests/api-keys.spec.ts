import type { TProperty } from '@pms/contract';
import { expect, expectAccessible, loginAs, problemType, propertyNames, shot, test } from './fixtures.ts';

test('an API key created in the UI opens the API until it is deleted in the UI', async ({
  page,
  request,
}) => {
  await loginAs(page, 'admin@example.com', undefined, { property: propertyNames.austria });
  await page.getByRole('link', { name: 'API-Schlüssel' }).click();
  await expect(page).toHaveURL('/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API-Schlüssel' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'api-keys');

  const name = `Channel-Manager ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Schlüssel erstellen' }).click();
  const createDialog = page.getByRole('dialog', { name: 'API-Schlüssel erstellen' });
  await createDialog.getByLabel('Name').fill(name);
  await createDialog.getByLabel('Rolle').selectOption({ label: 'Manager' });
  await expectAccessible(page);
  await shot(page, 'api-keys-create');
  await createDialog.getByRole('button', { name: 'Erstellen' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'API-Schlüssel erstellt' });
  const secret = await secretDialog.getByLabel('Geheimnis').inputValue();
  expect(secret.length).toBeGreaterThanOrEqual(32);
  await expectAccessible(page);
  await shot(page, 'api-keys-secret');
  await secretDialog.getByRole('button', { name: 'Fertig' }).click();
  await expect(secretDialog).toBeHidden();

  // The `request` fixture has no cookies: the key alone authenticates.
  const authorization = { Authorization: `Bearer ${secret}` };
  const allowed = await request.get('/api/properties/current', { headers: authorization });
  expect(allowed.status()).toBe(200);
  expect(((await allowed.json()) as TProperty).name).toBe(propertyNames.austria);

  const row = page.getByRole('table', { name: 'API-Schlüssel' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Manager');
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'api-key-detail');

  await page.getByRole('button', { name: 'Schlüssel löschen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Schlüssel löschen' });
  await expect(confirm).toContainText(`Der Schlüssel ${name} wird gelöscht.`);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Löschen' }).click();
  await expect(page).toHaveURL('/api-keys');
  await expect(page.getByRole('status').filter({ hasText: 'API-Schlüssel gelöscht' })).toBeVisible();
  await expect(row).toHaveCount(0);

  const refused = await request.get('/api/properties/current', { headers: authorization });
  expect(refused.status()).toBe(401);
  expect(await problemType(refused)).toBe('auth/unauthenticated');
});
