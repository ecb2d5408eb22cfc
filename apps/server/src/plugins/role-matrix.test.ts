import { describe, expect } from 'vitest';
import { can, roles, ZCreatedApiKey, type TRole } from '@pms/contract';
import {
  bearer,
  buildTestApp,
  demo,
  expectProblem,
  login,
  loginAt,
  parsed,
  propertyIds,
  switchProperty,
  type ApiClient,
} from '../../test/helpers.ts';
import { apiTest } from '../../test/api-test.ts';
import {
  createRecords,
  forUsersOnly,
  routeCalls,
  routesOf,
  type TRecordIds,
} from '../../test/route-catalogue.ts';

// The role matrix as it is meant to be, written out route by route: who may call each /api route.
// `public` needs no caller, `anyone` any signed-in user or key, else the roles named. Every route the
// app registers must be here, and every role is tried on every route, as a user and as an API key.
const expected: Record<string, string> = {
  'GET /api/version': 'public',
  'GET /api/health': 'public',
  'GET /api/openapi.json': 'public',
  'POST /api/session/login': 'public',
  'POST /api/session/logout': 'anyone',
  'GET /api/session': 'anyone',
  'GET /api/session/properties': 'anyone',
  'POST /api/session/switch_property': 'anyone',
  'POST /api/session/accept_invitation': 'anyone',
  'POST /api/session/update_password': 'anyone',
  'PATCH /api/session/profile': 'anyone',
  'POST /api/properties': 'admin manager',
  'GET /api/properties': 'admin manager staff cleaning catering',
  'GET /api/properties/current': 'admin manager staff cleaning catering',
  'GET /api/properties/:id': 'admin manager staff cleaning catering',
  'PUT /api/properties/:id': 'admin manager',
  'GET /api/users': 'admin manager',
  'POST /api/users': 'admin',
  'DELETE /api/users/:id': 'admin',
  'POST /api/api_keys': 'admin',
  'GET /api/api_keys': 'admin',
  'GET /api/api_keys/:id': 'admin',
  'PUT /api/api_keys/:id': 'admin',
  'DELETE /api/api_keys/:id': 'admin',
  'GET /api/settings/general': 'admin manager',
  'PATCH /api/settings/general': 'admin manager',
  'GET /api/settings/accounting': 'admin manager',
  'PATCH /api/settings/accounting': 'admin manager',
  'POST /api/settings': 'admin',
  'GET /api/settings': 'admin',
  'DELETE /api/settings/:id': 'admin',
  'POST /api/files': 'admin manager staff',
  'GET /api/files': 'admin manager staff',
  'GET /api/files/:id': 'admin manager staff',
  'GET /api/files/:id/url': 'admin manager staff',
  // Any signed-in caller may see the property's logo; the catalogue's file is an ordinary upload.
  'GET /api/files/:id/content': 'admin manager staff',
  'GET /api/files/:id/download': 'public',
  'DELETE /api/files/:id': 'admin manager staff',
  'GET /api/base_data': 'admin manager staff cleaning catering',
  'GET /api/room_types': 'admin manager staff cleaning catering',
  'POST /api/room_types': 'admin manager',
  'GET /api/room_types/:id': 'admin manager staff cleaning catering',
  'PUT /api/room_types/:id': 'admin manager',
  'DELETE /api/room_types/:id': 'admin manager',
  'GET /api/rooms': 'admin manager staff cleaning catering',
  'POST /api/rooms': 'admin manager',
  'GET /api/rooms/:id': 'admin manager staff cleaning catering',
  'PUT /api/rooms/:id': 'admin manager',
  'DELETE /api/rooms/:id': 'admin manager',
  'GET /api/tax_rates': 'admin manager staff cleaning catering',
  'POST /api/tax_rates': 'admin manager',
  'GET /api/tax_rates/:id': 'admin manager staff cleaning catering',
  'PUT /api/tax_rates/:id': 'admin manager',
  'DELETE /api/tax_rates/:id': 'admin manager',
  'GET /api/items': 'admin manager staff cleaning catering',
  'POST /api/items': 'admin manager',
  'GET /api/items/:id': 'admin manager staff cleaning catering',
  'PUT /api/items/:id': 'admin manager',
  'DELETE /api/items/:id': 'admin manager',
  'GET /api/payment_methods': 'admin manager staff cleaning catering',
  'POST /api/payment_methods': 'admin manager',
  'GET /api/payment_methods/:id': 'admin manager staff cleaning catering',
  'PUT /api/payment_methods/:id': 'admin manager',
  'DELETE /api/payment_methods/:id': 'admin manager',
  'GET /api/local_tax_levies': 'admin manager staff cleaning catering',
  'POST /api/local_tax_levies': 'admin manager',
  'GET /api/local_tax_levies/:id': 'admin manager staff cleaning catering',
  'PUT /api/local_tax_levies/:id': 'admin manager',
  'DELETE /api/local_tax_levies/:id': 'admin manager',
  'POST /api/local_tax_levies/:id/versions': 'admin manager',
  'PUT /api/local_tax_levies/:id/versions/:versionId': 'admin manager',
  'DELETE /api/local_tax_levies/:id/versions/:versionId': 'admin manager',
  'GET /api/rates': 'admin manager staff cleaning catering',
  'POST /api/rates': 'admin manager',
  'GET /api/rates/:id': 'admin manager staff cleaning catering',
  'PUT /api/rates/:id': 'admin manager',
  'DELETE /api/rates/:id': 'admin manager',
  'GET /api/rates/:id/price': 'admin manager staff cleaning catering',
  'POST /api/rates/:id/prices': 'admin manager',
  'PUT /api/rates/:id/prices/:priceId': 'admin manager',
  'DELETE /api/rates/:id/prices/:priceId': 'admin manager',
  'POST /api/rates/:id/items': 'admin manager',
  'PUT /api/rates/:id/items/:rateItemId': 'admin manager',
  'DELETE /api/rates/:id/items/:rateItemId': 'admin manager',
  'GET /api/contacts': 'admin manager staff',
  'POST /api/contacts': 'admin manager staff',
  'GET /api/contacts/:id': 'admin manager staff',
  'PUT /api/contacts/:id': 'admin manager staff',
  'PATCH /api/contacts/:id': 'admin manager staff',
  'DELETE /api/contacts/:id': 'admin manager staff',
  'GET /api/contacts/:id/bookings': 'admin manager staff',
  'GET /api/contacts/:id/invoices': 'admin manager staff',
  'GET /api/contacts/:id/files': 'admin manager staff',
  'POST /api/contacts/:id/files/:fileId': 'admin manager staff',
  'DELETE /api/contacts/:id/files/:fileId': 'admin manager staff',
  'POST /api/contacts/:id/files/:fileId/confirm': 'admin manager staff',
  'POST /api/contacts/:id/files/:fileId/reveal': 'admin manager staff',
  // Reading an ID document fills a contact's fields: who may edit contacts.
  'POST /api/ids/analyze': 'admin manager staff',
  'GET /api/groups': 'admin manager staff',
  'POST /api/groups': 'admin manager staff',
  'GET /api/groups/:id': 'admin manager staff',
  'PUT /api/groups/:id': 'admin manager staff',
  'DELETE /api/groups/:id': 'admin manager staff',
  'POST /api/groups/:id/bookings': 'admin manager staff',
  'DELETE /api/groups/:id/bookings/:bookingId': 'admin manager staff',
  'GET /api/bookings/:id/notes': 'admin manager staff catering',
  'POST /api/bookings/:id/notes': 'admin manager staff',
  'GET /api/contacts/:id/notes': 'admin manager staff',
  'POST /api/contacts/:id/notes': 'admin manager staff',
  'GET /api/groups/:id/notes': 'admin manager staff',
  'POST /api/groups/:id/notes': 'admin manager staff',
  'GET /api/invoices/:id/notes': 'admin manager staff',
  'POST /api/invoices/:id/notes': 'admin manager staff',
  'DELETE /api/notes/:noteId': 'anyone',
  'GET /api/bookings': 'admin manager staff catering',
  'POST /api/bookings': 'admin manager staff',
  'POST /api/bookings/confirm': 'admin manager staff',
  'POST /api/bookings/quote': 'admin manager staff',
  'GET /api/bookings/free_rooms': 'admin manager staff',
  'GET /api/bookings/:id': 'admin manager staff catering',
  'PUT /api/bookings/:id': 'admin manager staff',
  'DELETE /api/bookings/:id': 'admin manager staff',
  'POST /api/bookings/:id/actions/:action': 'admin manager staff',
  'POST /api/bookings/:id/guests': 'admin manager staff',
  'PATCH /api/bookings/:id/guests/:contactId': 'admin manager staff',
  'DELETE /api/bookings/:id/guests/:contactId': 'admin manager staff',
  'GET /api/bookings/:id/charges': 'admin manager staff catering',
  'GET /api/bookings/:id/invoices': 'admin manager staff',
  'GET /api/bookings/:id/access_token': 'admin manager staff catering',
  'GET /api/bookings/:id/access_points': 'admin manager staff catering',
  'POST /api/bookings/:id/access_points/:accessPointId/unlock': 'admin manager staff',
  'POST /api/payments/stripe/:propertyId/webhook': 'public',
  'GET /api/bookings/:id/events': 'admin manager staff catering',
  'GET /api/bookings/:id/portal_progress': 'admin manager staff',
  'GET /api/access_points': 'admin manager staff cleaning catering',
  'POST /api/access_points': 'admin manager',
  'PATCH /api/access_points/:id': 'admin manager',
  'DELETE /api/access_points/:id': 'admin manager',
  'GET /api/room_plan': 'admin manager staff',
  'GET /api/folios': 'admin manager staff catering',
  'POST /api/folios': 'admin manager staff',
  'GET /api/folios/:id': 'admin manager staff catering',
  'PATCH /api/folios/:id': 'admin manager staff',
  // Catering posts food and drink charges, and nothing else.
  'POST /api/folios/:id/charges': 'admin manager staff catering',
  'PUT /api/folios/:id/charges/:entryId': 'admin manager staff',
  'DELETE /api/folios/:id/charges/:entryId': 'admin manager staff',
  'POST /api/folios/:id/charges/:entryId/allowances': 'admin manager staff',
  'POST /api/folios/:id/charges/:entryId/move': 'admin manager staff',
  'POST /api/folios/:id/payments': 'admin manager staff',
  'POST /api/folios/:id/refunds': 'admin manager staff',
  'DELETE /api/folios/:id/payments/:entryId': 'admin manager staff',
  'GET /api/invoices': 'admin manager staff',
  'POST /api/invoices': 'admin manager staff',
  'GET /api/invoices/:id': 'admin manager staff',
  'PUT /api/invoices/:id': 'admin manager staff',
  'POST /api/invoices/:id/actions/issue': 'admin manager staff',
  'POST /api/invoices/:id/actions/cancel': 'admin manager staff',
  'GET /api/invoices/:id/pdf': 'admin manager staff',
  'GET /api/invoices/:id/xml': 'admin manager staff',
  'DELETE /api/invoices/:id': 'admin manager staff',
  'GET /api/receivables': 'admin manager staff',
  'POST /api/invoices/:id/payments': 'admin manager staff',
  'GET /api/invoices/:id/reminders': 'admin manager staff',
  'POST /api/invoices/:id/reminders': 'admin manager staff',
  'GET /api/invoices/:id/reminders/:reminderId/pdf': 'admin manager staff',
  'GET /api/invoices/:id/events': 'admin manager staff',
  'GET /api/channels': 'admin manager staff',
  'POST /api/channels': 'admin manager',
  'GET /api/channels/:id': 'admin manager staff',
  'PUT /api/channels/:id': 'admin manager',
  'DELETE /api/channels/:id': 'admin manager',
  'PUT /api/channels/:id/rooms/:roomId': 'admin manager',
  'POST /api/channels/:id/rooms/:roomId/export_token': 'admin manager',
  'DELETE /api/channels/:id/rooms/:roomId/export_token': 'admin manager',
  'POST /api/bookings/synchronize': 'admin manager staff',
  'GET /api/ical/:file': 'public',
  'GET /api/retention_rules': 'admin',
  'PUT /api/retention_rules/:record': 'admin',
  'GET /api/retention_log': 'admin',
  'GET /api/cash_registers': 'admin manager staff',
  'POST /api/cash_registers': 'admin manager',
  'GET /api/cash_registers/:id': 'admin manager staff',
  'PATCH /api/cash_registers/:id': 'admin manager',
  'GET /api/cash_registers/:id/book': 'admin manager staff',
  'POST /api/cash_registers/:id/shifts': 'admin manager staff',
  'POST /api/cash_registers/:id/shifts/close': 'admin manager staff',
  'POST /api/cash_registers/:id/movements': 'admin manager staff',
  'POST /api/cash_registers/:id/day_closes': 'admin manager staff',
  'GET /api/cash_registers/:id/dep': 'admin',
  'GET /api/cash_registers/:id/tse_export': 'admin',
  'GET /api/cash_day_closes/:id/pdf': 'admin manager staff',
  'POST /api/cash_shifts/:id/review': 'admin manager',
  'GET /api/fiscal_receipts/:id': 'admin manager staff',
  'GET /api/fiscal_receipts/:id/pdf': 'admin manager staff',
  'POST /api/fiscal_receipts/:id/send': 'admin manager staff',
  'POST /api/contacts/:id/personal-data-exports': 'admin',
  'GET /api/contacts/:id/personal-data-exports': 'admin',
  'GET /api/personal-data-exports/:id': 'admin',
  'GET /api/personal-data-exports/:id/download': 'admin',
  'POST /api/contacts/:id/erasure': 'admin',
  'GET /api/contacts/:id/erasure': 'admin',
  'GET /api/room_locks': 'admin manager staff',
  'POST /api/room_locks': 'admin manager staff',
  'GET /api/room_locks/:id': 'admin manager staff',
  'PUT /api/room_locks/:id': 'admin manager staff',
  'POST /api/room_locks/:id/actions/cancel': 'admin manager staff',
  'DELETE /api/room_locks/:id': 'admin manager staff',
  'GET /api/housekeeping': 'admin manager staff cleaning',
  'GET /api/housekeeping/rooms/:id': 'admin manager staff cleaning',
  'PATCH /api/housekeeping/rooms/:id': 'admin manager staff cleaning',
  'GET /api/search': 'admin manager staff',
  'GET /api/dashboard': 'admin manager staff',
  'GET /api/reports/items': 'admin manager staff',
  'GET /api/reports/accounting': 'admin manager staff',
  'GET /api/reports/guest_statistics': 'admin manager staff',
  'GET /api/reports/local_tax': 'admin manager staff',
  'GET /api/email_templates': 'admin manager',
  'PUT /api/email_templates/:kind/:language': 'admin manager',
  'POST /api/bookings/:id/links/:linkId/send': 'admin manager staff',
  'POST /api/bookings/:id/confirmation/send': 'admin manager staff',
  'POST /api/invoices/:id/send': 'admin manager staff',
  'GET /api/mail_messages': 'admin manager staff',
  'GET /api/mail_messages/:id': 'admin manager staff',
  'GET /api/mail_messages/:id/eml': 'admin manager staff',
  'POST /api/mail_messages/:id/actions/retry': 'admin manager staff',
};

/** Run last: logging out ends the caller's session. */
const logout = 'POST /api/session/logout';

/** The application without a signed-in client, the records the calls name, and a caller of each role and kind. */
const test = apiTest.extend('matrix', { scope: 'file', auto: true }, async ({}, { onCleanup }) => {
  const t = await buildTestApp();
  onCleanup(() => t.close());
  const callers = new Map<string, ApiClient>();
  const admin = await login(t.app, demo.users.admin);
  const propertyId = (await propertyIds(admin))[demo.austria]!;
  await switchProperty(admin, propertyId);
  const records: TRecordIds = await createRecords(t, admin);
  for (const role of roles) {
    const user = await loginAt(t.app, demo.users[role], propertyId);
    callers.set(`user:${role}`, user);
    const key = await admin.post('/api/api_keys', { name: `Matrix ${role} key`, roleId: role });
    callers.set(`key:${role}`, bearer(t.app, parsed(key, ZCreatedApiKey).secret));
  }
  return { t, records, callers };
});

function isAllowed(route: string, role: TRole, kind: 'user' | 'key'): boolean {
  if (kind === 'key' && forUsersOnly.has(route)) return false;
  const who = expected[route]!;
  return who === 'public' || who === 'anyone' || who.split(' ').includes(role);
}

describe('role matrix', () => {
  test('has an expectation and a call for every /api route the app registers, and no other', ({
    matrix: { t },
  }) => {
    const registered = routesOf(t.app).sort();
    expect(Object.keys(expected).sort()).toEqual(registered);
    expect(Object.keys(routeCalls).sort()).toEqual(registered);
  });

  // The route declares its access and the service checks again. Both must name the roles the matrix
  // expects: a service stricter than its route (or a route broader than its service) shows here as a
  // route whose declared roles differ from the matrix, which the calls below hold to the behaviour.
  test('declares on each route the roles its service admits', ({ matrix: { t } }) => {
    const disagreeing = [...t.app.routeAccess].flatMap(([route, access]) => {
      if (typeof access === 'string') return [];
      const declared = roles.filter((role) => can(role, access[0], access[1])).join(' ');
      const admitted = roles.filter((role) => expected[route]!.split(' ').includes(role)).join(' ');
      return declared === admitted ? [] : [`${route}: route admits "${declared}", service "${admitted}"`];
    });
    expect(disagreeing).toEqual([]);
  });

  const cases = Object.keys(expected)
    .sort((a, b) => Number(a === logout) - Number(b === logout))
    .flatMap((route) =>
      roles.flatMap((role) => (['user', 'key'] as const).map((kind) => ({ route, role, kind }))),
    );

  test.for(cases.map((entry) => [entry.route, entry.kind, entry.role, entry] as const))(
    '%s as %s %s',
    async ([_route, _kind, _role, { route, role, kind }], { matrix: { records, callers } }) => {
      const response = await routeCalls[route]!(callers.get(`${kind}:${role}`)!, records);
      if (isAllowed(route, role, kind)) {
        expect(response.statusCode, response.body).not.toBe(401);
        expect(response.statusCode, response.body).not.toBe(403);
        expect(response.statusCode, response.body).toBeLessThan(500);
      } else {
        expectProblem(response, 403, 'auth/forbidden');
      }
    },
  );
});
