import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TCreatedApiKey,
  TCreateUserResponse,
  TPaged,
  TProperty,
  TSession,
  TTeamUser,
} from '@pms/contract';
import {
  anonymous,
  bearer,
  demo,
  expectProblem,
  login,
  propertyIds,
  switchProperty,
  type ApiClient,
  type TTestApp,
  startDemoApp,
} from '../../../test/helpers.ts';

let t: TTestApp;
let admin: ApiClient;
let ids: Record<string, string>;
beforeAll(async () => {
  ({ t, client: admin, ids } = await startDemoApp(demo.users.admin));
});
afterAll(async () => {
  await t.close();
});

async function team(client: ApiClient): Promise<TTeamUser[]> {
  const response = await client.get('/api/users', { query: { pageSize: '100' } });
  expect(response.statusCode).toBe(200);
  return response.json<TPaged<TTeamUser>>().data;
}

async function addUser(client: ApiClient, email: string, roleId = 'staff'): Promise<TCreateUserResponse> {
  const response = await client.post('/api/users', { email, name: `User ${email}`, roleId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TCreateUserResponse>();
}

describe('GET /api/users', () => {
  it("lists the current property's team with each member's role", async () => {
    const response = await admin.get('/api/users');
    expect(response.statusCode).toBe(200);
    const page = response.json<TPaged<TTeamUser>>();
    expect(page).toMatchObject({ pageNumber: 1, pageSize: 15 });
    const roles = Object.fromEntries(page.data.map((member) => [member.email, member.roleId]));
    expect(roles).toMatchObject({
      [demo.users.admin]: 'admin',
      [demo.users.manager]: 'manager',
      [demo.users.staff]: 'staff',
      [demo.users.cleaning]: 'cleaning',
      [demo.users.catering]: 'catering',
    });
    const member = page.data.find((entry) => entry.email === demo.users.staff)!;
    expect(member.user).toMatchObject({ id: member.userId, email: demo.users.staff });
    expect(JSON.stringify(page)).not.toMatch(/password/i);
  });

  it('is readable by a manager', async () => {
    const manager = await login(t.app, demo.users.manager);
    expect((await manager.get('/api/users')).statusCode).toBe(200);
  });
});

describe('POST /api/users', () => {
  it('creates a new user with a one-time default password that must be changed first', async () => {
    const created = await addUser(admin, 'New.Colleague@Example.com', 'staff');
    expect(created).toMatchObject({ email: 'new.colleague@example.com', roleId: 'staff' });
    expect(created.defaultPassword).toEqual(expect.any(String));
    expect(created.defaultPassword.length).toBeGreaterThanOrEqual(8);
    expect((await team(admin)).map((member) => member.email)).toContain('new.colleague@example.com');

    const colleague = await login(t.app, 'new.colleague@example.com', created.defaultPassword);
    expect(colleague.session).toMatchObject({
      mustChangePassword: true,
      role: 'staff',
      propertyId: ids[demo.austria],
    });

    // Until the password is changed, only the session, the profile and the password change answer.
    for (const response of [
      await colleague.get('/api/properties'),
      await colleague.get('/api/properties/current'),
      await colleague.get('/api/files'),
      await colleague.get('/api/users'),
      await colleague.post('/api/files', { not: 'a file' }),
      await colleague.post('/api/session/switch_property', undefined, {
        query: { propertyId: ids[demo.austria]! },
      }),
    ]) {
      expectProblem(response, 403, 'auth/password_change_required');
    }
    expect((await colleague.get('/api/session')).json<TSession>().mustChangePassword).toBe(true);
    expect((await colleague.get('/api/session/properties')).statusCode).toBe(200);
    expect((await colleague.patch('/api/session/profile', { language: 'en' })).statusCode).toBe(200);

    const changed = await colleague.post('/api/session/update_password', {
      currentPassword: created.defaultPassword,
      newPassword: 'my own password',
    });
    expect(changed.statusCode).toBe(204);
    expect((await colleague.get('/api/session')).json<TSession>().mustChangePassword).toBe(false);
    expect((await colleague.get('/api/properties/current')).statusCode).toBe(200);
    expect((await colleague.get('/api/files')).statusCode).toBe(200);
    expectProblem(await colleague.get('/api/users'), 403, 'auth/forbidden');
  });

  it('refuses a user who is already a member with 409 property/user_already_assigned', async () => {
    const response = await admin.post('/api/users', {
      email: demo.users.staff,
      name: 'Again',
      roleId: 'manager',
    });
    expectProblem(response, 409, 'property/user_already_assigned');
    const upperCase = await admin.post('/api/users', {
      email: 'STAFF@example.com',
      name: 'Again',
      roleId: 'staff',
    });
    expectProblem(upperCase, 409, 'property/user_already_assigned');
  });

  it('adds an existing user of another property, whose own password stays the only one', async () => {
    const created = await admin.post('/api/properties', { name: 'Haus am Berg' });
    expect(created.statusCode).toBe(201);
    const mountain = created.json<TProperty>().id;
    await switchProperty(admin, mountain);
    const newcomer = await addUser(admin, 'wanderer@example.com', 'staff');
    const first = await login(t.app, 'wanderer@example.com', newcomer.defaultPassword);
    expect(
      (
        await first.post('/api/session/update_password', {
          currentPassword: newcomer.defaultPassword,
          newPassword: 'wander-1234',
        })
      ).statusCode,
    ).toBe(204);

    await switchProperty(admin, ids[demo.austria]!);
    const joined = await addUser(admin, 'wanderer@example.com', 'manager');
    expect(joined).toMatchObject({ email: 'wanderer@example.com', roleId: 'manager' });
    // The one-time password of the answer opens nothing for an account that already existed.
    expectProblem(
      await anonymous(t.app).post(
        '/api/session/login',
        { email: 'wanderer@example.com', password: joined.defaultPassword },
        { headers: { 'x-forwarded-for': '10.1.1.1' } },
      ),
      401,
      'auth/invalid_credentials',
    );

    const wanderer = await login(t.app, 'wanderer@example.com', 'wander-1234');
    expect(wanderer.session!.mustChangePassword).toBe(false);
    const memberships = await propertyIds(wanderer);
    expect(Object.values(memberships).sort()).toEqual([mountain, ids[demo.austria]].sort());
  });

  it('reveals nothing of an existing account added to a team (account lookup)', async () => {
    // Any manager can create a property, and so becomes the administrator of its team.
    const manager = await login(t.app, demo.users.manager);
    const created = await manager.post('/api/properties', { name: 'Neugier Inn' });
    expect(created.statusCode).toBe(201);
    await switchProperty(manager, created.json<TProperty>().id);
    const owner = admin.session!;

    const add = (email: string) =>
      manager.post('/api/users', { email, name: 'Somebody', roleId: 'staff', language: 'en' });
    const existing = await add(owner.email!.toUpperCase());
    const fresh = await add('nobody.yet@example.com');

    // The same status and the same answer but for the e-mail typed and the ids.
    expect(existing.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    const shape = (response: typeof existing) => {
      const { id, userId, user, email, createdAt, defaultPassword, ...rest } =
        response.json<TCreateUserResponse>();
      expect(user).toEqual({ id: userId, email, name: 'Somebody', language: 'en' });
      expect(id).toBe(userId);
      return { ...rest, createdAt: typeof createdAt, defaultPassword: defaultPassword.length };
    };
    expect(shape(existing)).toEqual(shape(fresh));
    expect(existing.json<TCreateUserResponse>().email).toBe(owner.email);
    expect(existing.body).not.toContain(owner.name);

    // The team list shows what was typed, not the account's own name and language...
    const listed = (await team(manager)).find((member) => member.email === owner.email)!;
    expect(listed).toMatchObject({ name: 'Somebody', user: { name: 'Somebody', language: 'en' } });
    expect(JSON.stringify(await team(manager))).not.toContain(owner.name);

    // ...until the user signs in again: then the team sees who joined.
    await login(t.app, demo.users.admin);
    const joined = (await team(manager)).find((member) => member.email === owner.email)!;
    expect(joined).toMatchObject({ name: owner.name, user: { name: owner.name } });
    // The manager's next login lands back where the other tests expect them.
    await switchProperty(manager, ids[demo.austria]!);
  });

  it('refuses invalid input with 400 validation', async () => {
    for (const body of [
      { email: 'not-an-email', name: 'X', roleId: 'staff' },
      { email: 'x@example.com', name: '', roleId: 'staff' },
      { email: 'x@example.com', name: 'X', roleId: 'owner' },
      { email: 'x@example.com', name: 'X' },
      { email: 'x@example.com', name: 'X', roleId: 'staff', language: 'fr' },
    ]) {
      expectProblem(await admin.post('/api/users', body), 400, 'validation');
    }
  });

  it('is refused to a manager with 403 auth/forbidden', async () => {
    const manager = await login(t.app, demo.users.manager);
    const response = await manager.post('/api/users', {
      email: 'by.manager@example.com',
      name: 'X',
      roleId: 'staff',
    });
    expectProblem(response, 403, 'auth/forbidden');
  });
});

describe('DELETE /api/users/:id', () => {
  it('removes a member: they can no longer sign in and their open session is dead', async () => {
    const created = await addUser(admin, 'leaving@example.com', 'cleaning');
    const leaving = await login(t.app, 'leaving@example.com', created.defaultPassword);
    expect((await leaving.get('/api/session')).statusCode).toBe(200);

    expect((await admin.delete(`/api/users/${created.userId}`)).statusCode).toBe(204);

    expect((await team(admin)).map((member) => member.userId)).not.toContain(created.userId);
    expectProblem(await leaving.get('/api/session'), 401, 'auth/unauthenticated');
    const again = await anonymous(t.app).post(
      '/api/session/login',
      { email: 'leaving@example.com', password: created.defaultPassword },
      { headers: { 'x-forwarded-for': '10.1.0.1' } },
    );
    expectProblem(again, 401, 'auth/invalid_credentials');
    expectProblem(await admin.delete(`/api/users/${created.userId}`), 404, 'not_found');
  });

  it('keeps the memberships in other properties of a removed member', async () => {
    const created = await addUser(admin, 'two.houses@example.com', 'staff');
    await switchProperty(admin, ids[demo.germany]!);
    await addUser(admin, 'two.houses@example.com', 'staff');
    await switchProperty(admin, ids[demo.austria]!);

    const user = await login(t.app, 'two.houses@example.com', created.defaultPassword);
    await user.post('/api/session/update_password', {
      currentPassword: created.defaultPassword,
      newPassword: 'two-houses-1',
    });
    const inBerlin = await login(t.app, 'two.houses@example.com', 'two-houses-1');
    await switchProperty(inBerlin, ids[demo.germany]!);
    await switchProperty(user, ids[demo.austria]!);

    expect((await admin.delete(`/api/users/${created.userId}`)).statusCode).toBe(204);
    expectProblem(await user.get('/api/session'), 401, 'auth/unauthenticated');
    // Only the sessions in the property they left end.
    expect((await inBerlin.get('/api/session')).json<TSession>().propertyId).toBe(ids[demo.germany]);
    const again = await login(t.app, 'two.houses@example.com', 'two-houses-1');
    expect(again.session!.propertyId).toBe(ids[demo.germany]);
    expect(Object.values(await propertyIds(again))).toEqual([ids[demo.germany]]);
  });

  it('can add a removed member back', async () => {
    const created = await addUser(admin, 'boomerang@example.com', 'staff');
    expect((await admin.delete(`/api/users/${created.userId}`)).statusCode).toBe(204);
    const back = await admin.post('/api/users', {
      email: 'boomerang@example.com',
      name: 'Back',
      roleId: 'catering',
    });
    expect(back.statusCode).toBe(201);
    expect(back.json<TCreateUserResponse>()).toMatchObject({ userId: created.userId, roleId: 'catering' });
  });

  it('refuses to remove oneself with 400 user/cannot_remove_self', async () => {
    expectProblem(
      await admin.delete(`/api/users/${admin.session!.subjectId}`),
      400,
      'user/cannot_remove_self',
    );
    expect((await admin.get('/api/session')).statusCode).toBe(200);
  });

  it('answers 404 for a user of another property only (property isolation)', async () => {
    const created = await admin.post('/api/properties', { name: 'Fremdes Haus' });
    const foreign = created.json<TProperty>().id;
    await switchProperty(admin, foreign);
    const stranger = await addUser(admin, 'stranger@example.com', 'staff');
    await switchProperty(admin, ids[demo.austria]!);

    expectProblem(await admin.delete(`/api/users/${stranger.userId}`), 404, 'not_found');
    expect((await team(admin)).map((member) => member.userId)).not.toContain(stranger.userId);
    expect((await login(t.app, 'stranger@example.com', stranger.defaultPassword)).session!.propertyId).toBe(
      foreign,
    );
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expectProblem(await admin.delete('/api/users/00000000-0000-4000-8000-000000000000'), 404, 'not_found');
    expectProblem(await admin.delete('/api/users/42'), 400, 'validation');
  });

  it('is refused to a manager with 403 auth/forbidden', async () => {
    const manager = await login(t.app, demo.users.manager);
    const staff = (await team(admin)).find((member) => member.email === demo.users.staff)!;
    expectProblem(await manager.delete(`/api/users/${staff.userId}`), 403, 'auth/forbidden');
    expect((await team(admin)).map((member) => member.userId)).toContain(staff.userId);
  });
});

describe('the last administrator', () => {
  it('cannot be removed by an API key, not even by two removals at once', async () => {
    const owner = await login(t.app, demo.users.admin);
    const created = await owner.post('/api/properties', { name: 'Letzter Hof' });
    expect(created.statusCode).toBe(201);
    await switchProperty(owner, created.json<TProperty>().id);
    const keyResponse = await owner.post('/api/api_keys', { name: 'Automation', roleId: 'admin' });
    expect(keyResponse.statusCode).toBe(201);
    const key = bearer(t.app, keyResponse.json<TCreatedApiKey>().secret);
    const admins = async () =>
      (await team(key)).filter((member) => member.roleId === 'admin').map((member) => member.userId);

    expectProblem(await key.delete(`/api/users/${owner.session!.subjectId}`), 409, 'user/last_admin');
    expect(await admins()).toEqual([owner.session!.subjectId]);

    // Two administrators, each removed at the same moment: one removal wins, the other is refused.
    const second = await addUser(key, 'second.admin@example.com', 'admin');
    const removals = await Promise.all(
      [owner.session!.subjectId, second.userId].map((userId) => key.delete(`/api/users/${userId}`)),
    );
    expect(removals.map((response) => response.statusCode).sort()).toEqual([204, 409]);
    expectProblem(
      removals.find((response) => response.statusCode === 409)!,
      409,
      'user/last_admin',
    );
    expect(await admins()).toHaveLength(1);

    if (removals[0]!.statusCode === 409) await switchProperty(owner, ids[demo.austria]!);
  });
});
