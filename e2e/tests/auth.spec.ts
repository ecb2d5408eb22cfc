import { expect, expectAccessible, loginAs, problemType, shot, test } from './fixtures.ts';

const loading = 'Wird geladen ...';

test.describe('route guards', () => {
  test('main without a session goes to a plain login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'login');
  });

  test('an unknown path without a session goes to main, then to a plain login', async ({ page }) => {
    await page.goto('/no/such/screen');
    await expect(page).toHaveURL('/login');
  });

  test('a screen without a session asks for login and comes back after it', async ({ page }) => {
    await page.goto('/settings/team');
    await expect(page).toHaveURL('/login?redirect=%2Fsettings%2Fteam');
    await expectAccessible(page);

    await page.getByLabel('E-Mail-Adresse').fill('admin@example.com');
    await page.getByLabel('Passwort').fill('demo1234');
    await page.getByRole('button', { name: 'Anmelden' }).click();

    await expect(page).toHaveURL('/settings/team');
    await expect(page.getByRole('table', { name: 'Team' })).toBeVisible();
  });

  test('a logged-in user is sent from login to main, and from an unknown path to main', async ({ page }) => {
    await loginAs(page, 'staff@example.com');
    await expect(page).toHaveURL('/bookings');
    await expectAccessible(page);
    await shot(page, 'bookings-staff');

    await page.goto('/login');
    await expect(page).toHaveURL('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Buchungen' })).toBeVisible();

    await page.goto('/no/such/screen');
    await expect(page).toHaveURL('/bookings');
  });

  test('a 401 from the API sends to login with the current path, and back after login', async ({ page }) => {
    await loginAs(page, 'admin@example.com', undefined, { path: '/settings/general' });
    await expect(page.getByRole('heading', { name: 'Allgemein' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'settings-general');

    // The session ends behind the app's back; the next call it makes answers 401.
    await page.context().clearCookies({ name: 'pms_session' });
    const refused = page.waitForResponse((response) => response.url().includes('/api/users'));
    await page
      .getByRole('navigation', { name: 'Bereiche der Einstellungen' })
      .getByRole('link', { name: 'Team' })
      .click();
    expect((await refused).status()).toBe(401);
    await expect(page).toHaveURL('/login?redirect=%2Fsettings%2Fteam');
    await expectAccessible(page);

    await page.getByLabel('E-Mail-Adresse').fill('admin@example.com');
    await page.getByLabel('Passwort').fill('demo1234');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL('/settings/team');
    await expect(page.getByRole('table', { name: 'Team' })).toBeVisible();

    // The full path, query included, is kept.
    await page.context().clearCookies({ name: 'pms_session' });
    await page.goto('/settings/team?page=1');
    await expect(page).toHaveURL('/login?redirect=%2Fsettings%2Fteam%3Fpage%3D1');
  });
});

test.describe('login form', () => {
  test('a wrong password is refused; the right one opens the bookings; logout ends the session', async ({
    page,
  }) => {
    await page.goto('/login');
    const email = page.getByLabel('E-Mail-Adresse');
    const password = page.getByLabel('Passwort');
    const submit = page.getByRole('button', { name: 'Anmelden' });

    await email.fill('manager@example.com');
    await password.fill('not-the-password');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('E-Mail-Adresse oder Passwort ist falsch.');
    await expect(page).toHaveURL('/login');
    await expectAccessible(page);
    await shot(page, 'login-wrong-password');

    await password.fill('demo1234');
    await submit.click();
    await expect(page).toHaveURL('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Buchungen' })).toBeVisible();
    await expect(
      page.getByRole('button', { name: /Alpenhof Salzburg|Hotel Spreeblick Berlin/ }),
    ).toBeVisible();
    await expect(page.getByText(loading)).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, 'bookings');

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    const session = await page.request.get('/api/session');
    expect(session.status()).toBe(401);
    expect(await problemType(session)).toBe('auth/unauthenticated');

    await page.goto('/profile');
    await expect(page).toHaveURL('/login?redirect=%2Fprofile');
  });
});
