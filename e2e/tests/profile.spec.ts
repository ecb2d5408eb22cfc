import { expect, expectAccessible, loginAs, problemType, shot, test } from './fixtures.ts';

test('a new member must change the default password first, then works with the new one', async ({
  page,
  createMember,
  apiAs,
}) => {
  const member = await createMember({ name: 'Paul Passwort' });
  const newPassword = 'eigenes-Passwort-42';

  await loginAs(page, member.email, member.password);
  await expect(page).toHaveURL('/profile');
  const notice = page.getByRole('alert').filter({ hasText: 'Bitte ändere dein Standardpasswort' });
  await expect(notice).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'profile-password-change-required');

  // Every other screen leads back to the profile until the password is changed.
  await page.getByRole('link', { name: 'Buchungen', exact: true }).click();
  await expect(page).toHaveURL('/profile');

  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Passwort ändern' }) });
  await form.getByLabel('Aktuelles Passwort').fill('falsches-Passwort');
  await form.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
  await form.getByLabel('Neues Passwort wiederholen').fill('etwas-anderes-42');
  await form.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(form.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();

  await form.getByLabel('Neues Passwort wiederholen').fill(newPassword);
  await form.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(form.getByText('Das aktuelle Passwort ist falsch.')).toBeVisible();
  await expectAccessible(page);

  await form.getByLabel('Aktuelles Passwort').fill(member.password);
  await form.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passwort geändert' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(form.getByLabel('Aktuelles Passwort')).toHaveValue('');

  await page.getByRole('link', { name: 'Buchungen', exact: true }).click();
  await expect(page).toHaveURL('/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Buchungen' })).toBeVisible();

  // The old password no longer opens a session; the new one does, through the form too.
  const refused = await page.request.post('/api/session/login', {
    data: { email: member.email, password: member.password },
  });
  expect(refused.status()).toBe(401);
  expect(await problemType(refused)).toBe('auth/invalid_credentials');

  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('E-Mail-Adresse').fill(member.email);
  await page.getByLabel('Passwort').fill(member.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-Mail-Adresse oder Passwort ist falsch.');
  await page.getByLabel('Passwort').fill(newPassword);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL('/bookings');

  const session = await (await apiAs(member.email, newPassword)).get('/api/session');
  expect(((await session.json()) as { mustChangePassword: boolean }).mustChangePassword).toBe(false);
});

test('the profile language switches the interface to English and back', async ({ page, createMember }) => {
  // A member of its own: the language belongs to the user.
  const member = await createMember({ name: 'Lena Sprache', password: 'sprache-wechseln-1' });
  await loginAs(page, member.email, member.password, { path: '/profile' });
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expectAccessible(page);
  await shot(page, 'profile');

  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/session/profile') && response.request().method() === 'PATCH',
  );
  await page.getByRole('combobox', { name: 'Sprache', exact: true }).selectOption('en');
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toContainText('Bookings');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language', exact: true })).toHaveValue('en');
  await expectAccessible(page);
  await shot(page, 'profile-english');

  // It is the user's setting: it holds after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await page.getByRole('link', { name: 'Bookings', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();

  await page.getByRole('link', { name: 'Profile', exact: true }).click();
  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('de');
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
});
