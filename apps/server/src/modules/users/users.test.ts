import { and, desc, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { TCreateUserResponse, TTeamUser } from '@pms/contract';
import { ZCreatedApiKey, ZCreateUserResponse, ZPaged, ZProperty, ZSession, ZTeamUser } from '@pms/contract';
import {
  anonymous,
  bearer,
  demo,
  expectProblem,
  login,
  parsed,
  propertyIds,
  switchProperty,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { mailMessages } from '../../db/schema/index.ts';

const test = apiTest;

async function team(client: ApiClient): Promise<TTeamUser[]> {
  const response = await client.get('/api/users', { query: { pageSize: '100' } });
  expect(response.statusCode).toBe(200);
  return parsed(response, ZPaged(ZTeamUser)).data;
}

async function addUser(client: ApiClient, email: string, roleId = 'staff'): Promise<TCreateUserResponse> {
  const response = await client.post('/api/users', { email, name: `User ${email}`, roleId });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZCreateUserResponse);
}

/** The newest team invitation mailed to an address, and the token its link carries. */
async function invitationTo(t: TTestApp, email: string) {
  const [message] = await t.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.toAddress, email), eq(mailMessages.kind, 'team_invitation')))
    .orderBy(desc(mailMessages.createdAt))
    .limit(1);
  expect(message, `no invitation to ${email}`).toBeDefined();
  const token = /\/team-invitation\?token=([A-Za-z0-9_-]+)/.exec(message!.text)?.[1];
  expect(token).toBeDefined();
  return { message: message!, token: token! };
}

function acceptInvitation(client: ApiClient, token: string) {
  return client.post('/api/session/accept_invitation', { token });
}

/** A property of the admin's own, made current for the admin. */
async function newProperty(client: ApiClient, name: string): Promise<string> {
  const created = await client.post('/api/properties', { name });
  expect(created.statusCode).toBe(201);
  const id = parsed(created, ZProperty).id;
  await switchProperty(client, id);
  return id;
}

describe('GET /api/users', () => {
  test("lists the current property's team with each member's role", async ({
    demoApp: { client: admin },
  }) => {
    const response = await admin.get('/api/users');
    expect(response.statusCode).toBe(200);
    const page = parsed(response, ZPaged(ZTeamUser));
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

  test('is readable by a manager', async ({ demoApp: { t } }) => {
    const manager = await login(t.app, demo.users.manager);
    expect((await manager.get('/api/users')).statusCode).toBe(200);
  });
});

describe('POST /api/users', () => {
  test('creates a new user with a one-time default password that must be changed first', async ({
    demoApp: { t, client: admin, ids },
  }) => {
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
    expect(parsed(await colleague.get('/api/session'), ZSession).mustChangePassword).toBe(true);
    expect((await colleague.get('/api/session/properties')).statusCode).toBe(200);
    expect((await colleague.patch('/api/session/profile', { language: 'en' })).statusCode).toBe(200);

    const changed = await colleague.post('/api/session/update_password', {
      currentPassword: created.defaultPassword,
      newPassword: 'my own password',
    });
    expect(changed.statusCode).toBe(204);
    expect(parsed(await colleague.get('/api/session'), ZSession).mustChangePassword).toBe(false);
    expect((await colleague.get('/api/properties/current')).statusCode).toBe(200);
    expect((await colleague.get('/api/files')).statusCode).toBe(200);
    expectProblem(await colleague.get('/api/users'), 403, 'auth/forbidden');
  });

  test('refuses a user who is already a member with 409 property/user_already_assigned', async ({
    demoApp: { client: admin },
  }) => {
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

  test('invites an existing account of another property: it joins only when its owner accepts', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    const mountain = await newProperty(admin, 'Haus am Berg');
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
    expect((await first.patch('/api/session/profile', { name: 'Wanda Wanderer' })).statusCode).toBe(200);

    await switchProperty(admin, ids[demo.austria]!);
    const invited = await addUser(admin, 'wanderer@example.com', 'manager');
    expect(invited).toMatchObject({ email: 'wanderer@example.com', roleId: 'manager' });
    // The one-time password of the answer opens nothing for an account that already existed.
    expectProblem(
      await anonymous(t.app).post(
        '/api/session/login',
        { email: 'wanderer@example.com', password: invited.defaultPassword },
        { headers: { 'x-forwarded-for': '10.1.1.1' } },
      ),
      401,
      'auth/invalid_credentials',
    );

    // Not a member before accepting: the account's properties and sessions stay as they were.
    const wanderer = await login(t.app, 'wanderer@example.com', 'wander-1234');
    expect(Object.values(await propertyIds(wanderer))).toEqual([mountain]);
    const early = await wanderer.post('/api/session/switch_property', undefined, {
      query: { propertyId: ids[demo.austria]! },
    });
    expectProblem(early, 404, 'property/not_member');
    const listed = (await team(admin)).find((member) => member.email === 'wanderer@example.com');
    expect(listed).toMatchObject({ name: 'User wanderer@example.com', roleId: 'manager' });

    // The invitation is mailed to the account, with a link of at least 128 random bits.
    const { message, token } = await invitationTo(t, 'wanderer@example.com');
    expect(token.length).toBeGreaterThanOrEqual(22);
    expect(message.text).toContain(demo.austria);
    expect(message.text).not.toContain('Wanda Wanderer');

    const accepted = await acceptInvitation(wanderer, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(parsed(accepted, ZSession)).toMatchObject({ propertyId: ids[demo.austria], role: 'manager' });
    expect(Object.values(await propertyIds(wanderer)).sort()).toEqual([mountain, ids[demo.austria]].sort());
    // Having agreed to join, the account shows the team its own name.
    const joined = (await team(admin)).find((member) => member.email === 'wanderer@example.com');
    expect(joined).toMatchObject({ name: 'Wanda Wanderer', userId: newcomer.userId, roleId: 'manager' });
    // The token is spent.
    expectProblem(await acceptInvitation(wanderer, token), 404, 'user/invitation_invalid');
  });

  test('reveals nothing of an existing account added to a team (account lookup)', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    // Any manager can create a property, and so becomes the administrator of its team.
    const manager = await login(t.app, demo.users.manager);
    const created = await manager.post('/api/properties', { name: 'Neugier Inn' });
    expect(created.statusCode).toBe(201);
    await switchProperty(manager, parsed(created, ZProperty).id);
    const owner = admin.session!;

    const add = (email: string) =>
      manager.post('/api/users', { email, name: 'Somebody', roleId: 'staff', language: 'en' });
    const existing = await add(owner.email!.toUpperCase());
    const fresh = await add('nobody.yet@example.com');

    // The same status and the same answer but for the e-mail typed and the ids.
    expect(existing.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    const shape = (response: typeof existing) => {
      const { id, userId, user, email, createdAt, defaultPassword, ...rest } = parsed(
        response,
        ZCreateUserResponse,
      );
      expect(user).toEqual({ id: userId, email, name: 'Somebody', language: 'en' });
      expect(id).toBe(userId);
      return { ...rest, createdAt: typeof createdAt, defaultPassword: defaultPassword.length };
    };
    expect(shape(existing)).toEqual(shape(fresh));
    expect(parsed(existing, ZCreateUserResponse).email).toBe(owner.email);
    expect(existing.body).not.toContain(owner.name);

    // The team list shows both alike, with what was typed, not the account's own name and language...
    const members = await team(manager);
    const listed = members.find((member) => member.email === owner.email)!;
    expect(listed).toMatchObject({ name: 'Somebody', user: { name: 'Somebody', language: 'en' } });
    expect(members.find((member) => member.email === 'nobody.yet@example.com')).toMatchObject({
      name: 'Somebody',
      user: { name: 'Somebody', language: 'en' },
    });
    expect(JSON.stringify(members)).not.toContain(owner.name);
    // ...and the property's outbox does not hold the invitation the account was mailed.
    const outbox = await manager.get('/api/mail_messages');
    expect(outbox.statusCode).toBe(200);
    expect(outbox.body).not.toContain(owner.email);
    const { message } = await invitationTo(t, owner.email!);
    expectProblem(await manager.get(`/api/mail_messages/${message.id}`), 404, 'not_found');

    // Signing in is no consent: the account is not a member, and the team still sees what was typed.
    const signedIn = await login(t.app, demo.users.admin);
    expect(Object.keys(await propertyIds(signedIn))).not.toContain('Neugier Inn');
    expect((await team(manager)).find((member) => member.email === owner.email)).toMatchObject({
      name: 'Somebody',
    });
    // The manager's next login lands back where the other tests expect them.
    await switchProperty(manager, ids[demo.austria]!);
  });

  test('refuses an invitation token that is wrong, expired, or another account’s', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    await newProperty(admin, 'Einladungshaus');
    await addUser(admin, demo.users.cleaning, 'staff');
    const { token } = await invitationTo(t, demo.users.cleaning);
    await switchProperty(admin, ids[demo.austria]!);
    const cleaning = await login(t.app, demo.users.cleaning);
    const before = await propertyIds(cleaning);

    // Another account holding the link joins nothing, and learns nothing of the invitation.
    const staff = await login(t.app, demo.users.staff);
    expectProblem(await acceptInvitation(staff, token), 404, 'user/invitation_invalid');
    expect(Object.keys(await propertyIds(staff))).not.toContain('Einladungshaus');
    expectProblem(await acceptInvitation(cleaning, 'x'.repeat(43)), 404, 'user/invitation_invalid');
    expectProblem(await acceptInvitation(cleaning, 'too-short'), 400, 'validation');

    t.clock.set(new Date(t.clock.now().getTime() + 15 * 24 * 60 * 60 * 1000));
    try {
      expectProblem(await acceptInvitation(cleaning, token), 410, 'user/invitation_expired');
    } finally {
      t.clock.reset();
    }
    expect(await propertyIds(cleaning)).toEqual(before);
    // Within its time the invitation still joins the account it was sent to.
    expect((await acceptInvitation(cleaning, token)).statusCode).toBe(200);
    expect(Object.keys(await propertyIds(cleaning))).toContain('Einladungshaus');
  });

  test('keeps an invitation to its property: another property neither lists, withdraws nor joins by it', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    const home = await newProperty(admin, 'Hof Eins');
    const drifter = await addUser(admin, 'drifter@example.com', 'staff');
    await switchProperty(admin, ids[demo.austria]!);
    await addUser(admin, 'drifter@example.com', 'cleaning');
    const { token } = await invitationTo(t, 'drifter@example.com');

    await switchProperty(admin, ids[demo.germany]!);
    expect((await team(admin)).map((member) => member.email)).not.toContain('drifter@example.com');
    expectProblem(await admin.delete(`/api/users/${drifter.userId}`), 404, 'not_found');
    await switchProperty(admin, ids[demo.austria]!);
    expect((await team(admin)).map((member) => member.email)).toContain('drifter@example.com');

    const user = await login(t.app, 'drifter@example.com', drifter.defaultPassword);
    await user.post('/api/session/update_password', {
      currentPassword: drifter.defaultPassword,
      newPassword: 'drifting-1',
    });
    const accepted = await acceptInvitation(user, token);
    expect(parsed(accepted, ZSession)).toMatchObject({ propertyId: ids[demo.austria], role: 'cleaning' });
    expect(Object.values(await propertyIds(user)).sort()).toEqual([home, ids[demo.austria]].sort());
  });

  test('withdraws an invitation when the administrator removes it from the team', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    await newProperty(admin, 'Hof Zwei');
    const created = await addUser(admin, 'undecided@example.com', 'staff');
    await switchProperty(admin, ids[demo.austria]!);
    await addUser(admin, 'undecided@example.com', 'staff');
    // Invited once is enough: the address is in the team's list, as a new member would be.
    expectProblem(
      await admin.post('/api/users', { email: 'undecided@example.com', name: 'Again', roleId: 'staff' }),
      409,
      'property/user_already_assigned',
    );
    const { token } = await invitationTo(t, 'undecided@example.com');

    expect((await admin.delete(`/api/users/${created.userId}`)).statusCode).toBe(204);
    expect((await team(admin)).map((member) => member.userId)).not.toContain(created.userId);
    const withInvitation = {
      email: 'undecided@example.com',
      password: created.defaultPassword,
      invitationToken: token,
    };
    expectProblem(
      await anonymous(t.app).post('/api/session/login', withInvitation),
      404,
      'user/invitation_invalid',
    );
  });

  test('refuses invalid input with 400 validation', async ({ demoApp: { client: admin } }) => {
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

  test('is refused to a manager with 403 auth/forbidden', async ({ demoApp: { t } }) => {
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
  test('removes a member: they can no longer sign in and their open session is dead', async ({
    demoApp: { t, client: admin },
  }) => {
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

  test('keeps the memberships in other properties of a removed member', async ({
    demoApp: { t, client: admin, ids },
  }) => {
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
    const accepted = await acceptInvitation(
      inBerlin,
      (await invitationTo(t, 'two.houses@example.com')).token,
    );
    expect(parsed(accepted, ZSession).propertyId).toBe(ids[demo.germany]);
    await switchProperty(user, ids[demo.austria]!);

    expect((await admin.delete(`/api/users/${created.userId}`)).statusCode).toBe(204);
    expectProblem(await user.get('/api/session'), 401, 'auth/unauthenticated');
    // Only the sessions in the property they left end.
    expect(parsed(await inBerlin.get('/api/session'), ZSession).propertyId).toBe(ids[demo.germany]);
    const again = await login(t.app, 'two.houses@example.com', 'two-houses-1');
    expect(again.session!.propertyId).toBe(ids[demo.germany]);
    expect(Object.values(await propertyIds(again))).toEqual([ids[demo.germany]]);
  });

  test('can invite a removed member back, who accepts it with their login', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    const created = await addUser(admin, 'boomerang@example.com', 'staff');
    expect((await admin.delete(`/api/users/${created.userId}`)).statusCode).toBe(204);
    const back = await admin.post('/api/users', {
      email: 'boomerang@example.com',
      name: 'Back',
      roleId: 'catering',
    });
    expect(back.statusCode).toBe(201);
    expect(parsed(back, ZCreateUserResponse)).toMatchObject({ userId: created.userId, roleId: 'catering' });

    // An account without any property cannot sign in to accept: it accepts with the login itself.
    const credentials = { email: 'boomerang@example.com', password: created.defaultPassword };
    expectProblem(
      await anonymous(t.app).post('/api/session/login', credentials),
      401,
      'auth/invalid_credentials',
    );
    const { token } = await invitationTo(t, 'boomerang@example.com');
    const wrong = { ...credentials, password: 'not-the-password', invitationToken: token };
    expectProblem(await anonymous(t.app).post('/api/session/login', wrong), 401, 'auth/invalid_credentials');
    const returning = anonymous(t.app);
    const response = await returning.post('/api/session/login', { ...credentials, invitationToken: token });
    expect(response.statusCode, response.body).toBe(200);
    expect(parsed(response, ZSession)).toMatchObject({ propertyId: ids[demo.austria], role: 'catering' });
    expect((await returning.get('/api/session')).statusCode).toBe(200);
  });

  test('refuses to remove oneself with 400 user/cannot_remove_self', async ({
    demoApp: { client: admin },
  }) => {
    expectProblem(
      await admin.delete(`/api/users/${admin.session!.subjectId}`),
      400,
      'user/cannot_remove_self',
    );
    expect((await admin.get('/api/session')).statusCode).toBe(200);
  });

  test('answers 404 for a user of another property only (property isolation)', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    const created = await admin.post('/api/properties', { name: 'Fremdes Haus' });
    const foreign = parsed(created, ZProperty).id;
    await switchProperty(admin, foreign);
    const stranger = await addUser(admin, 'stranger@example.com', 'staff');
    await switchProperty(admin, ids[demo.austria]!);

    expectProblem(await admin.delete(`/api/users/${stranger.userId}`), 404, 'not_found');
    expect((await team(admin)).map((member) => member.userId)).not.toContain(stranger.userId);
    expect((await login(t.app, 'stranger@example.com', stranger.defaultPassword)).session!.propertyId).toBe(
      foreign,
    );
  });

  test('answers 404 for an unknown user and 400 for a malformed id', async ({
    demoApp: { client: admin },
  }) => {
    expectProblem(await admin.delete('/api/users/00000000-0000-4000-8000-000000000000'), 404, 'not_found');
    expectProblem(await admin.delete('/api/users/42'), 400, 'validation');
  });

  test('is refused to a manager with 403 auth/forbidden', async ({ demoApp: { t, client: admin } }) => {
    const manager = await login(t.app, demo.users.manager);
    const staff = (await team(admin)).find((member) => member.email === demo.users.staff)!;
    expectProblem(await manager.delete(`/api/users/${staff.userId}`), 403, 'auth/forbidden');
    expect((await team(admin)).map((member) => member.userId)).toContain(staff.userId);
  });
});

describe('the last administrator', () => {
  test('cannot be removed by an API key, not even by two removals at once', async ({
    demoApp: { t, ids },
  }) => {
    const owner = await login(t.app, demo.users.admin);
    const created = await owner.post('/api/properties', { name: 'Letzter Hof' });
    expect(created.statusCode).toBe(201);
    await switchProperty(owner, parsed(created, ZProperty).id);
    const keyResponse = await owner.post('/api/api_keys', { name: 'Automation', roleId: 'admin' });
    expect(keyResponse.statusCode).toBe(201);
    const key = bearer(t.app, parsed(keyResponse, ZCreatedApiKey).secret);
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
