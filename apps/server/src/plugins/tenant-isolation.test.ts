import { describe, expect } from 'vitest';
import { ZCreatedApiKey } from '@pms/contract';
import { bearer, demo, loginAt, parsed, type ApiClient } from '../../test/helpers.ts';
import { apiTest } from '../../test/api-test.ts';
import { createRecords, forUsersOnly, routeCalls, type TRecordIds } from '../../test/route-catalogue.ts';

// Every route that takes an id, in its path, query or body, is called with one id at a time from
// another property (the rest the caller's own): each such call answers 404 and changes nothing, for a
// signed-in user and for an API key of the first property.

/** The kinds of record a route's call names, read off the call itself. */
function kindsOf(route: string): (keyof TRecordIds)[] {
  const names = routeCalls[route]!.toString().match(/ids\.(\w+)/g) ?? [];
  return [...new Set(names.map((name) => name.slice(4) as keyof TRecordIds))];
}

/**
 * A user belongs to both demo properties, so for a user another property's id is not foreign where the
 * route is about membership: reading a property one belongs to, or switching to it.
 */
const membershipRoutes = new Set(['GET /api/properties/:id', 'POST /api/session/switch_property']);

/** The records of both properties, and the callers of the first: a signed-in user and an API key. */
const test = apiTest.extend('walk', { scope: 'file' }, async ({ demoApp: { t, ids } }) => {
  const other = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
  const foreign = await createRecords(t, other);
  const admin = await loginAt(t.app, demo.users.admin, ids[demo.austria]!);
  const own = await createRecords(t, admin);
  const key = await admin.post('/api/api_keys', { name: 'Tenant walk', roleId: 'admin' });
  const callers: Record<'user' | 'key', ApiClient> = {
    user: admin,
    key: bearer(t.app, parsed(key, ZCreatedApiKey).secret),
  };
  return { own, foreign, callers };
});

/**
 * Not walked: a signed download link is a capability of its own (whoever holds the link may fetch the
 * file), handed out only by GET /api/files/:id/url, which is walked; logging out names no id, and an
 * e-mail template is named by its kind and language, and a retention rule by its record, which every
 * property has. Stripe's webhook
 * names the property whose account signed it: its caller is no member of any property. A room's
 * export feed is a capability too: the booking platform holding its address fetches it without a login.
 */
const unwalked = new Set([
  'GET /api/files/:id/download',
  'POST /api/session/logout',
  'PUT /api/email_templates/:kind/:language',
  'PUT /api/retention_rules/:record',
  'POST /api/payments/stripe/:propertyId/webhook',
  'GET /api/ical/:file',
]);

const cases = Object.keys(routeCalls)
  .filter((route) => !unwalked.has(route))
  .flatMap((route) =>
    kindsOf(route).flatMap((kind) =>
      (['user', 'key'] as const)
        .filter((caller) => caller === 'user' || !forUsersOnly.has(route))
        .filter((caller) => !(caller === 'user' && kind === 'property' && membershipRoutes.has(route)))
        .map((caller) => ({ route, kind, caller })),
    ),
  );

describe('another property’s ids', () => {
  // The records are made for the first test that asks for them: its time includes theirs.
  test('are tried on every route that takes an id', { timeout: 120_000 }, ({ walk: { own } }) => {
    const routesWithIds = new Set(cases.map((entry) => entry.route));
    for (const route of Object.keys(routeCalls)) {
      if (route.includes(':') && !unwalked.has(route)) expect(routesWithIds, route).toContain(route);
    }
    // An export feed's file name is named only by its own (unwalked) capability route.
    const kinds = Object.keys(own).filter((kind) => kind !== 'exportFile');
    expect(new Set(cases.map((entry) => entry.kind))).toEqual(new Set(kinds));
  });

  test.for(cases.map((entry) => [entry.route, entry.kind, entry.caller, entry] as const))(
    '%s with a foreign %s as %s: 404',
    async ([, , , { route, kind, caller }], { walk: { own, foreign, callers } }) => {
      const response = await routeCalls[route]!(callers[caller], { ...own, [kind]: foreign[kind] });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
    },
  );
});
