import { describe, expect } from 'vitest';
import { z } from 'zod';
import { ZPaged, ZProperty, ZPropertyMembership } from '@pms/contract';
import { demo, expectProblem, login, loginAt, parsed, switchProperty } from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

const test = apiTest;

const palette = JSON.stringify({
  50: '#fef2f2',
  100: '#fee2e2',
  200: '#fecaca',
  300: '#fca5a5',
  400: '#f87171',
  500: '#ef4444',
  600: '#dc2626',
  700: '#b91c1c',
  800: '#991b1b',
  900: '#7f1d1d',
});

describe('GET /api/properties', () => {
  test("lists the caller's properties as a page", async ({ demoApp: { client: admin } }) => {
    const response = await admin.get('/api/properties');
    expect(response.statusCode).toBe(200);
    const page = parsed(response, ZPaged(ZProperty));
    expect(page).toMatchObject({ pageNumber: 1, pageSize: 15, hasPreviousPage: false });
    expect(page.data.map((property) => property.name)).toEqual(
      expect.arrayContaining([demo.austria, demo.germany]),
    );
    expect(page.count).toBe(page.data.length);
    const austria = page.data.find((property) => property.name === demo.austria)!;
    expect(austria).toMatchObject({ slug: 'alpenhof-salzburg', currency: 'EUR', timeZone: 'Europe/Vienna' });
    expect(austria.address.country).toBe('at');
  });

  test('pages with pageNumber and pageSize', async ({ demoApp: { client: admin } }) => {
    const page = parsed(
      await admin.get('/api/properties', { query: { pageSize: '1', pageNumber: '2' } }),
      ZPaged(ZProperty),
    );
    expect(page).toMatchObject({ pageNumber: 2, pageSize: 1, hasPreviousPage: true });
    expect(page.data).toHaveLength(1);
    expect(page.totalPages).toBe(page.count);
  });

  test('refuses a page size above 100 with 400 validation', async ({ demoApp: { client: admin } }) => {
    expectProblem(await admin.get('/api/properties', { query: { pageSize: '101' } }), 400, 'validation');
    expectProblem(await admin.get('/api/properties', { query: { pageNumber: '0' } }), 400, 'validation');
  });

  test('is readable by every role', async ({ demoApp: { t } }) => {
    for (const email of Object.values(demo.users)) {
      const user = await login(t.app, email);
      expect((await user.get('/api/properties')).statusCode).toBe(200);
      expect((await user.get('/api/properties/current')).statusCode).toBe(200);
    }
  });
});

describe('GET /api/properties/current and /api/properties/:id', () => {
  test("answers the session's current property", async ({ demoApp: { client: admin, ids } }) => {
    const response = await admin.get('/api/properties/current');
    expect(response.statusCode).toBe(200);
    expect(parsed(response, ZProperty)).toMatchObject({ id: ids[demo.austria], name: demo.austria });
  });

  test('answers another property the caller belongs to', async ({ demoApp: { client: admin, ids } }) => {
    const response = await admin.get(`/api/properties/${ids[demo.germany]}`);
    expect(response.statusCode).toBe(200);
    expect(parsed(response, ZProperty)).toMatchObject({ name: demo.germany, timeZone: 'Europe/Berlin' });
  });

  test('answers 404 for a property the caller does not belong to, and for an unknown id', async ({
    demoApp: { t, client: admin },
  }) => {
    const manager = await login(t.app, demo.users.manager);
    const created = await manager.post('/api/properties', { name: 'Gasthof Nebenan' });
    expect(created.statusCode).toBe(201);
    expectProblem(await admin.get(`/api/properties/${parsed(created, ZProperty).id}`), 404, 'not_found');
    expectProblem(await admin.get('/api/properties/00000000-0000-4000-8000-000000000000'), 404, 'not_found');
    expectProblem(await admin.get('/api/properties/not-a-uuid'), 400, 'validation');
  });
});

describe('POST /api/properties', () => {
  test('creates a property whose creator becomes its administrator', async ({ demoApp: { t } }) => {
    const manager = await login(t.app, demo.users.manager);
    const response = await manager.post('/api/properties', {
      name: 'Hotel Sonne Wien',
      address: { line1: 'Kärntner Straße 1', postalCode: '1010', city: 'Wien', country: 'at' },
      branding: { primaryColor: palette },
    });
    expect(response.statusCode).toBe(201);
    const property = parsed(response, ZProperty);
    expect(property).toMatchObject({
      name: 'Hotel Sonne Wien',
      slug: 'hotel-sonne-wien',
      timeZone: 'Europe/Vienna',
      currency: 'EUR',
      checkInTime: '15:00',
      checkOutTime: '11:00',
      nextInvoiceNumber: 1,
      paymentTermDays: 14,
      deletedAt: null,
    });
    expect(property.branding.primaryColor).toBe(palette);

    const memberships = parsed(
      await manager.get('/api/session/properties'),
      z.object({ data: z.array(ZPropertyMembership) }),
    ).data;
    expect(memberships.find((membership) => membership.id === property.id)?.roleId).toBe('admin');
    const list = parsed(await manager.get('/api/properties'), ZPaged(ZProperty));
    expect(list.data.map((entry) => entry.id)).toContain(property.id);

    // As its administrator, the creator can switch there and manage its team.
    await switchProperty(manager, property.id);
    expect((await manager.get('/api/users')).statusCode).toBe(200);
    expect((await manager.get('/api/settings/general')).statusCode).toBe(200);
  });

  test('takes an explicit slug and refuses a taken one with 409 property/slug_already_exists', async ({
    demoApp: { client: admin },
  }) => {
    const created = await admin.post('/api/properties', { name: 'Seehotel', slug: 'seehotel-am-see' });
    expect(created.statusCode).toBe(201);
    expect(parsed(created, ZProperty).slug).toBe('seehotel-am-see');
    expectProblem(
      await admin.post('/api/properties', { name: 'Another', slug: 'seehotel-am-see' }),
      409,
      'property/slug_already_exists',
    );
    expectProblem(
      await admin.post('/api/properties', { name: 'Copy', slug: 'spreeblick-berlin' }),
      409,
      'property/slug_already_exists',
    );
  });

  test('refuses the same name twice when it yields a taken slug', async ({ demoApp: { client: admin } }) => {
    expect((await admin.post('/api/properties', { name: 'Pension Edelweiß' })).statusCode).toBe(201);
    expectProblem(
      await admin.post('/api/properties', { name: 'Pension Edelweiß' }),
      409,
      'property/slug_already_exists',
    );
  });

  test('refuses an invalid branding palette with 400 validation', async ({ demoApp: { client: admin } }) => {
    for (const primaryColor of ['not json', '{"500":"red"}', '{"950":"#000000"}', '[1,2]']) {
      const response = await admin.post('/api/properties', {
        name: `Palette ${primaryColor}`,
        branding: { primaryColor },
      });
      expectProblem(response, 400, 'validation');
    }
  });

  test('refuses invalid fields with 400 validation', async ({ demoApp: { client: admin } }) => {
    for (const body of [
      {},
      { name: '' },
      { name: 'X', slug: 'Not A Slug' },
      { name: 'X', timeZone: 'Mars/Olympus' },
      { name: 'X', currency: 'euro' },
      { name: 'X', checkInTime: '25:00' },
      { name: 'X', address: { country: 'fr' } },
    ]) {
      expectProblem(await admin.post('/api/properties', body), 400, 'validation');
    }
  });

  test('is refused to staff, cleaning and catering with 403 auth/forbidden', async ({ demoApp: { t } }) => {
    for (const email of [demo.users.staff, demo.users.cleaning, demo.users.catering]) {
      const user = await login(t.app, email);
      expectProblem(await user.post('/api/properties', { name: `Not by ${email}` }), 403, 'auth/forbidden');
    }
  });
});

describe('PUT /api/properties/:id', () => {
  test('updates the current property', async ({ demoApp: { client: admin, ids } }) => {
    const response = await admin.put(`/api/properties/${ids[demo.austria]}`, {
      checkInTime: '14:30',
      company: { vatNumber: 'ATU99999999' },
      branding: { primaryColor: palette },
    });
    expect(response.statusCode).toBe(200);
    const property = parsed(response, ZProperty);
    expect(property).toMatchObject({ id: ids[demo.austria], name: demo.austria, checkInTime: '14:30' });
    expect(property.company.vatNumber).toBe('ATU99999999');
    expect(property.branding.primaryColor).toBe(palette);
    expect(parsed(await admin.get('/api/properties/current'), ZProperty).checkInTime).toBe('14:30');
  });

  test('keeps the register court and the payment term the invoices print, within 0 to 365 days', async ({
    demoApp: { t, ids },
  }) => {
    const url = `/api/properties/${ids[demo.germany]}`;
    const german = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    const current = parsed(await german.get(url), ZProperty);
    expect(current.company.registerCourt).toBe('Amtsgericht Charlottenburg');
    const response = await german.put(url, {
      company: { ...current.company, registerCourt: 'Amtsgericht Berlin (Charlottenburg)' },
      paymentTermDays: 30,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(parsed(response, ZProperty)).toMatchObject({
      paymentTermDays: 30,
      company: { registerCourt: 'Amtsgericht Berlin (Charlottenburg)', registerNumber: 'HRB 98765 B' },
    });
    expectProblem(await german.put(url, { paymentTermDays: -1 }), 400, 'validation');
    expectProblem(await german.put(url, { paymentTermDays: 366 }), 400, 'validation');
    expectProblem(await german.put(url, { paymentTermDays: 1.5 }), 400, 'validation');
  });

  test('answers 404 for a member property that is not the current one', async ({
    demoApp: { client: admin, ids },
  }) => {
    const response = await admin.put(`/api/properties/${ids[demo.germany]}`, { name: 'Renamed elsewhere' });
    expectProblem(response, 404, 'not_found');
    expect(parsed(await admin.get(`/api/properties/${ids[demo.germany]}`), ZProperty).name).toBe(
      demo.germany,
    );
  });

  test('refuses an invalid branding palette with 400 validation', async ({
    demoApp: { client: admin, ids },
  }) => {
    const response = await admin.put(`/api/properties/${ids[demo.austria]}`, {
      branding: { primaryColor: '{"500":"blue"}' },
    });
    expectProblem(response, 400, 'validation');
  });

  test('refuses a slug another property has with 409 property/slug_already_exists', async ({
    demoApp: { client: admin, ids },
  }) => {
    const response = await admin.put(`/api/properties/${ids[demo.austria]}`, { slug: 'spreeblick-berlin' });
    expectProblem(response, 409, 'property/slug_already_exists');
  });

  test('is refused to staff with 403 auth/forbidden', async ({ demoApp: { t } }) => {
    const staff = await login(t.app, demo.users.staff);
    const response = await staff.put(`/api/properties/${staff.session!.propertyId}`, { name: 'Staff Hotel' });
    expectProblem(response, 403, 'auth/forbidden');
  });

  test('lets a manager update their current property', async ({ demoApp: { t, ids } }) => {
    const manager = await loginAt(t.app, demo.users.manager, ids[demo.germany]!);
    const response = await manager.put(`/api/properties/${ids[demo.germany]}`, { bookingCodeSuffix: '-B' });
    expect(response.statusCode).toBe(200);
    expect(parsed(response, ZProperty).bookingCodeSuffix).toBe('-B');
  });
});
