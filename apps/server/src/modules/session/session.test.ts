import { describe, expect } from 'vitest';
import { z } from 'zod';
import { ZCreateUserResponse, ZPaged, ZProperty, ZPropertyMembership, ZSession } from '@pms/contract';
import {
  anonymous,
  buildTestApp,
  demo,
  demoPassword,
  expectProblem,
  login,
  parsed,
  propertyIds,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

/** The application over the demo data, with no one signed in. */
const test = apiTest.extend('t', { scope: 'file' }, async ({}, { onCleanup }) => {
  const t = await buildTestApp();
  onCleanup(() => t.close());
  return t;
});

/** A login from a client the account does not know yet (no device cookie), at a client address. */
function loginFrom(t: TTestApp, ip: string, email: string, password: string) {
  return anonymous(t.app).post(
    '/api/session/login',
    { email, password },
    { headers: { 'x-forwarded-for': ip } },
  );
}

describe('POST /api/session/login', () => {
  test('signs in with the right password and answers the session', async ({ t }) => {
    const response = await anonymous(t.app).post('/api/session/login', {
      email: demo.users.admin,
      password: demoPassword,
    });
    expect(response.statusCode).toBe(200);
    const session = parsed(response, ZSession);
    expect(session).toMatchObject({
      isApiKey: false,
      email: demo.users.admin,
      role: 'admin',
      mustChangePassword: false,
    });
  });

  test('accepts the e-mail address in any case', async ({ t }) => {
    const response = await loginFrom(t, '10.0.0.1', 'Admin@Example.COM', demoPassword);
    expect(response.statusCode).toBe(200);
  });

  test('sets an HttpOnly, SameSite=Lax session cookie and a readable XSRF-TOKEN cookie', async ({ t }) => {
    const response = await anonymous(t.app).post('/api/session/login', {
      email: demo.users.staff,
      password: demoPassword,
    });
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((cookie) => cookie.name === 'pms_session');
    const xsrf = response.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session!.value.length).toBeGreaterThanOrEqual(32);
    expect(xsrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(xsrf!.httpOnly).toBeFalsy();
    expect(xsrf!.value.length).toBeGreaterThanOrEqual(32);
    // Plain http (the test's PUBLIC_URL): no Secure flag, or the browser would drop the cookie.
    expect(session!.secure).toBeFalsy();
  });

  test('starts a new session with a new id at every login', async ({ t }) => {
    const first = await login(t.app, demo.users.manager);
    const second = await login(t.app, demo.users.manager);
    expect(first.cookie('pms_session')).toBeDefined();
    expect(second.cookie('pms_session')).not.toBe(first.cookie('pms_session'));
    expect(second.cookie('XSRF-TOKEN')).not.toBe(first.cookie('XSRF-TOKEN'));
    expect((await first.get('/api/session')).statusCode).toBe(200);
    expect((await second.get('/api/session')).statusCode).toBe(200);
  });

  test('does not keep a session id the client brought along (no session fixation)', async ({ t }) => {
    const response = await anonymous(t.app).post(
      '/api/session/login',
      { email: demo.users.manager, password: demoPassword },
      { headers: { cookie: 'pms_session=chosen-by-the-attacker' } },
    );
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((cookie) => cookie.name === 'pms_session');
    expect(session?.value).not.toBe('chosen-by-the-attacker');
  });

  test('refuses a wrong password with 401 auth/invalid_credentials', async ({ t }) => {
    const response = await loginFrom(t, '10.0.1.1', demo.users.admin, 'wrong-password');
    expectProblem(response, 401, 'auth/invalid_credentials');
    expect(response.cookies.find((cookie) => cookie.name === 'pms_session')).toBeUndefined();
  });

  test('refuses an unknown user with the same 401 auth/invalid_credentials', async ({ t }) => {
    expectProblem(
      await loginFrom(t, '10.0.1.2', 'nobody@example.com', demoPassword),
      401,
      'auth/invalid_credentials',
    );
  });

  test('refuses malformed credentials with 400 validation', async ({ t }) => {
    expectProblem(await loginFrom(t, '10.0.1.3', 'admin', demoPassword), 400, 'validation');
    expectProblem(await loginFrom(t, '10.0.1.3', demo.users.admin, ''), 400, 'validation');
  });

  test('forgets earlier failures after a successful login', async ({ t }) => {
    const email = demo.users.cleaning;
    for (let attempt = 1; attempt <= 4; attempt++) {
      expectProblem(await loginFrom(t, '10.0.3.1', email, 'wrong'), 401, 'auth/invalid_credentials');
    }
    expect((await loginFrom(t, '10.0.3.1', email, demoPassword)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expectProblem(await loginFrom(t, '10.0.3.1', email, 'wrong'), 401, 'auth/invalid_credentials');
    }
    expect((await loginFrom(t, '10.0.3.1', email, demoPassword)).statusCode).toBe(200);
  });
});

describe('GET /api/session', () => {
  test('answers 401 without a cookie', async ({ t }) => {
    expectProblem(await anonymous(t.app).get('/api/session'), 401, 'auth/unauthenticated');
  });

  test('answers 401 for an unknown session cookie', async ({ t }) => {
    const response = await anonymous(t.app).get('/api/session', {
      headers: { cookie: 'pms_session=not-a-session' },
    });
    expectProblem(response, 401, 'auth/unauthenticated');
  });

  test('answers the signed-in user in their current property', async ({ t }) => {
    const staff = await login(t.app, demo.users.staff);
    const response = await staff.get('/api/session');
    expect(response.statusCode).toBe(200);
    const session = parsed(response, ZSession);
    expect(session).toMatchObject({ email: demo.users.staff, role: 'staff', isApiKey: false });
    expect(Object.values(await propertyIds(staff))).toContain(session.propertyId);
  });
});

describe('GET /api/session/properties', () => {
  test('lists the properties the user belongs to with their role in each', async ({ t }) => {
    const staff = await login(t.app, demo.users.staff);
    const response = await staff.get('/api/session/properties');
    expect(response.statusCode).toBe(200);
    const { data } = parsed(response, z.object({ data: z.array(ZPropertyMembership) }));
    expect(data.map((property) => property.name).sort()).toEqual([demo.austria, demo.germany]);
    expect(data.every((property) => property.roleId === 'staff')).toBe(true);
  });
});

describe('POST /api/session/logout', () => {
  test('ends the session for good and clears the cookies', async ({ t }) => {
    const manager = await login(t.app, demo.users.manager);
    const stolen = manager.clone();
    const response = await manager.post('/api/session/logout');
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((cookie) => cookie.name === 'pms_session');
    expect(cleared?.value).toBe('');
    expectProblem(await manager.get('/api/session'), 401, 'auth/unauthenticated');
    // The old cookie, replayed, is dead too: the session ended on the server.
    expectProblem(await stolen.get('/api/session'), 401, 'auth/unauthenticated');
  });

  test('needs the XSRF header like every unsafe call', async ({ t }) => {
    const manager = await login(t.app, demo.users.manager);
    expectProblem(
      await manager.post('/api/session/logout', undefined, { xsrf: false }),
      403,
      'auth/xsrf_invalid',
    );
    expect((await manager.get('/api/session')).statusCode).toBe(200);
  });
});

describe('XSRF protection', () => {
  test('refuses an unsafe call of a cookie session without X-XSRF-TOKEN with 403 auth/xsrf_invalid', async ({
    t,
  }) => {
    const admin = await login(t.app, demo.users.admin);
    const response = await admin.post('/api/properties', { name: 'XSRF Hotel' }, { xsrf: false });
    expectProblem(response, 403, 'auth/xsrf_invalid');
    const list = await admin.get('/api/properties');
    expect(parsed(list, ZPaged(ZProperty)).data.map((property) => property.name)).not.toContain('XSRF Hotel');
  });

  test('refuses a wrong X-XSRF-TOKEN value with 403', async ({ t }) => {
    const admin = await login(t.app, demo.users.admin);
    const response = await admin.patch(
      '/api/session/profile',
      { name: 'Mallory' },
      { headers: { 'x-xsrf-token': 'wrong' } },
    );
    expectProblem(response, 403, 'auth/xsrf_invalid');
  });

  test("refuses another session's XSRF token", async ({ t }) => {
    const admin = await login(t.app, demo.users.admin);
    const other = await login(t.app, demo.users.admin);
    const response = await admin.patch(
      '/api/session/profile',
      { name: 'Mallory' },
      { headers: { 'x-xsrf-token': other.cookie('XSRF-TOKEN')! } },
    );
    expectProblem(response, 403, 'auth/xsrf_invalid');
  });

  test('lets safe methods through without the header', async ({ t }) => {
    const admin = await login(t.app, demo.users.admin);
    expect((await admin.get('/api/properties/current', { xsrf: false })).statusCode).toBe(200);
  });
});

describe('POST /api/session/switch_property', () => {
  test('moves the session to another property of the user', async ({ t }) => {
    const manager = await login(t.app, demo.users.manager);
    const ids = await propertyIds(manager);
    const current = manager.session!.propertyId;
    const target = Object.values(ids).find((id) => id !== current)!;
    const response = await manager.post('/api/session/switch_property', undefined, {
      query: { propertyId: target },
    });
    expect(response.statusCode).toBe(200);
    expect(parsed(response, ZSession)).toMatchObject({ propertyId: target, role: 'manager' });
    expect(parsed(await manager.get('/api/properties/current'), ZProperty).id).toBe(target);
    expect(parsed(await manager.get('/api/session'), ZSession).propertyId).toBe(target);
    // The next login starts where the user left off.
    const again = await login(t.app, demo.users.manager);
    expect(again.session!.propertyId).toBe(target);
  });

  test('answers 404 for a property the user does not belong to', async ({ t }) => {
    const manager = await login(t.app, demo.users.manager);
    const created = await manager.post('/api/properties', { name: 'Managers Own Inn' });
    expect(created.statusCode).toBe(201);
    const foreignId = parsed(created, ZProperty).id;
    const staff = await login(t.app, demo.users.staff);
    const before = staff.session!.propertyId;
    const response = await staff.post('/api/session/switch_property', undefined, {
      query: { propertyId: foreignId },
    });
    expectProblem(response, 404, 'property/not_member');
    expect(parsed(await staff.get('/api/session'), ZSession).propertyId).toBe(before);
  });

  test('answers 404 for an unknown property and 400 for a malformed id', async ({ t }) => {
    const staff = await login(t.app, demo.users.staff);
    const unknown = await staff.post('/api/session/switch_property', undefined, {
      query: { propertyId: '00000000-0000-4000-8000-000000000000' },
    });
    expectProblem(unknown, 404, 'property/not_member');
    const malformed = await staff.post('/api/session/switch_property', undefined, {
      query: { propertyId: 'abc' },
    });
    expectProblem(malformed, 400, 'validation');
  });
});

describe('POST /api/session/update_password', () => {
  test('answers 404 auth/wrong_password when the current password is wrong', async ({ t }) => {
    const staff = await login(t.app, demo.users.staff);
    const response = await staff.post('/api/session/update_password', {
      currentPassword: 'not-my-password',
      newPassword: 'a-new-password',
    });
    expectProblem(response, 404, 'auth/wrong_password');
    expect(
      (await anonymous(t.app).post('/api/session/login', { email: demo.users.staff, password: demoPassword }))
        .statusCode,
    ).toBe(200);
  });

  test('refuses a new password shorter than 8 characters with 400 validation', async ({ t }) => {
    const staff = await login(t.app, demo.users.staff);
    const response = await staff.post('/api/session/update_password', {
      currentPassword: demoPassword,
      newPassword: 'short',
    });
    expectProblem(response, 400, 'validation');
  });

  test('changes the password: the old one fails, the new one works, other sessions end', async ({ t }) => {
    const admin = await login(t.app, demo.users.admin);
    const email = 'password.changer@example.com';
    const created = await admin.post('/api/users', { email, name: 'Paula Passwort', roleId: 'staff' });
    expect(created.statusCode).toBe(201);
    const { defaultPassword } = parsed(created, ZCreateUserResponse);
    const user = await login(t.app, email, defaultPassword);
    const otherDevice = await login(t.app, email, defaultPassword);

    const response = await user.post('/api/session/update_password', {
      currentPassword: defaultPassword,
      newPassword: 'correct horse battery staple',
    });
    expect(response.statusCode).toBe(204);

    expect((await user.get('/api/session')).statusCode).toBe(200);
    expectProblem(await otherDevice.get('/api/session'), 401, 'auth/unauthenticated');
    expectProblem(await loginFrom(t, '10.0.4.1', email, defaultPassword), 401, 'auth/invalid_credentials');
    expect((await loginFrom(t, '10.0.4.1', email, 'correct horse battery staple')).statusCode).toBe(200);
  });
});

describe('PATCH /api/session/profile', () => {
  test("changes the user's language and name", async ({ t }) => {
    const cleaning = await login(t.app, demo.users.cleaning);
    const response = await cleaning.patch('/api/session/profile', { language: 'en' });
    expect(response.statusCode).toBe(200);
    expect(parsed(response, ZSession)).toMatchObject({ language: 'en', email: demo.users.cleaning });
    expect(parsed(await cleaning.get('/api/session'), ZSession).language).toBe('en');

    const renamed = await cleaning.patch('/api/session/profile', { name: 'Clara Clean', language: null });
    expect(parsed(renamed, ZSession)).toMatchObject({ name: 'Clara Clean', language: null });
  });

  test('refuses an unsupported language with 400 validation', async ({ t }) => {
    const cleaning = await login(t.app, demo.users.cleaning);
    expectProblem(await cleaning.patch('/api/session/profile', { language: 'fr' }), 400, 'validation');
  });
});
