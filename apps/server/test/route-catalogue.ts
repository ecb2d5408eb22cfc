import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { folios, invoices } from '../src/db/schema/index.ts';
import { ApiClient, demoPassword, pngBytes, type TTestApp } from './helpers.ts';

/** One record of every kind a route can name by id, all of one property. */
export type TRecordIds = {
  property: string;
  booking: string;
  folio: string;
  room: string;
  roomType: string;
  rate: string;
  ratePrice: string;
  rateItem: string;
  item: string;
  taxRate: string;
  paymentMethod: string;
  /** A local tax levy with one version. */
  levy: string;
  levyVersion: string;
  contact: string;
  group: string;
  roomLock: string;
  note: string;
  file: string;
  /** A file of its own for the property's branding: the property's logo is readable by every role. */
  logo: string;
  invoice: string;
  apiKey: string;
  user: string;
  setting: string;
  link: string;
  mailMessage: string;
  accessPoint: string;
  channel: string;
  /** The file name of a room's export feed of the channel: `<token>.ics`. */
  exportFile: string;
  cashRegister: string;
  /** A closed shift of the register, its start receipt and a closed day. */
  cashShift: string;
  fiscalReceipt: string;
  cashDayClose: string;
  /** An export of the contact's personal data, and a contact of its own to erase. */
  personalDataExport: string;
  erasableContact: string;
};

export type TRouteCall = (client: ApiClient, ids: TRecordIds) => Promise<LightMyRequestResponse>;

const png = pngBytes();
const unique = () => crypto.randomUUID().slice(0, 8);
/** A per-person version of a levy, in a year no other version of the fixture's levy covers. */
const levyVersion = {
  validFrom: '2030-01-01',
  validUntil: '2030-12-31',
  chargeKind: 'per_person_night',
  amount: 100,
};
/** Far enough ahead that the demo bookings never meet these stays. */
const stay = { checkIn: '2031-03-01', checkOut: '2031-03-03' };

/**
 * A valid call of every /api route, keyed as Fastify names the route. The ids come from the caller, so
 * the same call serves the role matrix (the caller's own records) and the tenant walk (another
 * property's records, one kind at a time).
 */
export const routeCalls: Record<string, TRouteCall> = {
  'GET /api/version': (c) => c.get('/api/version'),
  'GET /api/health': (c) => c.get('/api/health'),
  'GET /api/openapi.json': (c) => c.get('/api/openapi.json'),
  // A caller of its own, so that the caller's session stays as it is.
  'POST /api/session/login': (c) =>
    new ApiClient(c.app).post('/api/session/login', {
      email: 'cleaning@example.com',
      password: demoPassword,
    }),
  'GET /api/session': (c) => c.get('/api/session'),
  'GET /api/session/properties': (c) => c.get('/api/session/properties'),
  'POST /api/session/switch_property': (c, ids) =>
    c.post('/api/session/switch_property', undefined, { query: { propertyId: ids.property } }),
  'POST /api/session/update_password': (c) =>
    c.post('/api/session/update_password', {
      currentPassword: 'not-the-password',
      newPassword: 'x'.repeat(12),
    }),
  'PATCH /api/session/profile': (c) => c.patch('/api/session/profile', { language: 'de' }),
  // No invitation has this token: the call gets as far as the look-up.
  'POST /api/session/accept_invitation': (c) =>
    c.post('/api/session/accept_invitation', { token: 'x'.repeat(43) }),
  'POST /api/session/logout': (c) => c.post('/api/session/logout'),

  'GET /api/properties': (c) => c.get('/api/properties'),
  'POST /api/properties': (c) => c.post('/api/properties', { name: `Haus ${unique()}` }),
  'GET /api/properties/current': (c) => c.get('/api/properties/current'),
  'GET /api/properties/:id': (c, ids) => c.get(`/api/properties/${ids.property}`),
  'PUT /api/properties/:id': (c, ids) =>
    c.put(`/api/properties/${ids.property}`, { checkOutTime: '11:00', branding: { logoId: ids.logo } }),

  'GET /api/users': (c) => c.get('/api/users'),
  'POST /api/users': (c) =>
    c.post('/api/users', { email: `team-${unique()}@example.com`, name: 'Neu', roleId: 'staff' }),
  'DELETE /api/users/:id': (c, ids) => c.delete(`/api/users/${ids.user}`),

  'GET /api/api_keys': (c) => c.get('/api/api_keys'),
  'POST /api/api_keys': (c) => c.post('/api/api_keys', { name: `Key ${unique()}`, roleId: 'catering' }),
  'GET /api/api_keys/:id': (c, ids) => c.get(`/api/api_keys/${ids.apiKey}`),
  'PUT /api/api_keys/:id': (c, ids) =>
    c.put(`/api/api_keys/${ids.apiKey}`, { name: 'Fixture', roleId: 'catering' }),
  'DELETE /api/api_keys/:id': (c, ids) => c.delete(`/api/api_keys/${ids.apiKey}`),

  'GET /api/settings/general': (c) => c.get('/api/settings/general'),
  'PATCH /api/settings/general': (c) => c.patch('/api/settings/general', { featurePayment: true }),
  'GET /api/settings/accounting': (c) => c.get('/api/settings/accounting'),
  'PATCH /api/settings/accounting': (c) => c.patch('/api/settings/accounting', { fiscalYearStartMonth: 1 }),
  'GET /api/settings': (c) => c.get('/api/settings'),
  'POST /api/settings': (c) => c.post('/api/settings', { key: `catalogue.${unique()}`, value: 'x' }),
  'DELETE /api/settings/:id': (c, ids) => c.delete(`/api/settings/${ids.setting}`),

  'GET /api/files': (c) => c.get('/api/files'),
  'POST /api/files': (c) => c.upload('/api/files', { name: 'catalogue.png', content: png }),
  'GET /api/files/:id': (c, ids) => c.get(`/api/files/${ids.file}`),
  'GET /api/files/:id/url': (c, ids) => c.get(`/api/files/${ids.file}/url`),
  'GET /api/files/:id/content': (c, ids) => c.get(`/api/files/${ids.file}/content`),
  'GET /api/files/:id/download': (c, ids) => c.get(`/api/files/${ids.file}/download`),
  'DELETE /api/files/:id': (c, ids) => c.delete(`/api/files/${ids.file}`),

  'GET /api/base_data': (c) => c.get('/api/base_data'),
  'GET /api/room_types': (c) => c.get('/api/room_types'),
  'POST /api/room_types': (c) =>
    c.post('/api/room_types', {
      name: `Typ ${unique()}`,
      code: unique(),
      capacity: 2,
      minOccupancy: 1,
      maxOccupancy: 2,
    }),
  'GET /api/room_types/:id': (c, ids) => c.get(`/api/room_types/${ids.roomType}`),
  'PUT /api/room_types/:id': (c, ids) =>
    c.put(`/api/room_types/${ids.roomType}`, {
      name: 'Katalog',
      code: 'KAT',
      capacity: 2,
      minOccupancy: 1,
      maxOccupancy: 2,
    }),
  'DELETE /api/room_types/:id': (c, ids) => c.delete(`/api/room_types/${ids.roomType}`),
  'GET /api/rooms': (c) => c.get('/api/rooms'),
  'POST /api/rooms': (c, ids) =>
    c.post('/api/rooms', { number: `K${Math.floor(Math.random() * 1e6)}`, roomTypeId: ids.roomType }),
  'GET /api/rooms/:id': (c, ids) => c.get(`/api/rooms/${ids.room}`),
  'PUT /api/rooms/:id': (c, ids) =>
    c.put(`/api/rooms/${ids.room}`, { number: 'K1', roomTypeId: ids.roomType }),
  'DELETE /api/rooms/:id': (c, ids) => c.delete(`/api/rooms/${ids.room}`),
  'GET /api/tax_rates': (c) => c.get('/api/tax_rates'),
  'POST /api/tax_rates': (c) => c.post('/api/tax_rates', { name: `Satz ${unique()}`, percentage: 13 }),
  'GET /api/tax_rates/:id': (c, ids) => c.get(`/api/tax_rates/${ids.taxRate}`),
  'PUT /api/tax_rates/:id': (c, ids) =>
    c.put(`/api/tax_rates/${ids.taxRate}`, { name: 'Katalog', percentage: 13 }),
  'DELETE /api/tax_rates/:id': (c, ids) => c.delete(`/api/tax_rates/${ids.taxRate}`),
  'GET /api/items': (c) => c.get('/api/items'),
  'POST /api/items': (c, ids) =>
    c.post('/api/items', { name: `Artikel ${unique()}`, type: 'other', amount: 500, taxRateId: ids.taxRate }),
  'GET /api/items/:id': (c, ids) => c.get(`/api/items/${ids.item}`),
  'PUT /api/items/:id': (c, ids) =>
    c.put(`/api/items/${ids.item}`, { name: 'Katalog', type: 'other', amount: 600, taxRateId: ids.taxRate }),
  'DELETE /api/items/:id': (c, ids) => c.delete(`/api/items/${ids.item}`),
  'GET /api/payment_methods': (c) => c.get('/api/payment_methods'),
  'POST /api/payment_methods': (c) =>
    c.post('/api/payment_methods', { name: `Zahlart ${unique()}`, kind: 'card' }),
  'GET /api/payment_methods/:id': (c, ids) => c.get(`/api/payment_methods/${ids.paymentMethod}`),
  'PUT /api/payment_methods/:id': (c, ids) =>
    c.put(`/api/payment_methods/${ids.paymentMethod}`, { name: 'Katalog', kind: 'card' }),
  'DELETE /api/payment_methods/:id': (c, ids) => c.delete(`/api/payment_methods/${ids.paymentMethod}`),
  'GET /api/local_tax_levies': (c) => c.get('/api/local_tax_levies'),
  'POST /api/local_tax_levies': (c, ids) =>
    c.post('/api/local_tax_levies', { name: `Abgabe ${unique()}`, itemId: ids.item, active: false }),
  'GET /api/local_tax_levies/:id': (c, ids) => c.get(`/api/local_tax_levies/${ids.levy}`),
  'PUT /api/local_tax_levies/:id': (c, ids) =>
    c.put(`/api/local_tax_levies/${ids.levy}`, {
      name: `Katalog ${unique()}`,
      itemId: ids.item,
      active: false,
    }),
  'DELETE /api/local_tax_levies/:id': (c, ids) => c.delete(`/api/local_tax_levies/${ids.levy}`),
  'POST /api/local_tax_levies/:id/versions': (c, ids) =>
    c.post(`/api/local_tax_levies/${ids.levy}/versions`, {
      ...levyVersion,
      validFrom: `${2040 + Math.floor(Math.random() * 150)}-01-01`,
      validUntil: null,
    }),
  'PUT /api/local_tax_levies/:id/versions/:versionId': (c, ids) =>
    c.put(`/api/local_tax_levies/${ids.levy}/versions/${ids.levyVersion}`, levyVersion),
  'DELETE /api/local_tax_levies/:id/versions/:versionId': (c, ids) =>
    c.delete(`/api/local_tax_levies/${ids.levy}/versions/${ids.levyVersion}`),
  'GET /api/rates': (c) => c.get('/api/rates'),
  'POST /api/rates': (c) => c.post('/api/rates', { name: `Rate ${unique()}`, code: unique() }),
  'GET /api/rates/:id': (c, ids) => c.get(`/api/rates/${ids.rate}`),
  'PUT /api/rates/:id': (c, ids) => c.put(`/api/rates/${ids.rate}`, { name: 'Katalog', code: 'KAT' }),
  'DELETE /api/rates/:id': (c, ids) => c.delete(`/api/rates/${ids.rate}`),
  'GET /api/rates/:id/price': (c, ids) =>
    c.get(`/api/rates/${ids.rate}/price`, { query: { roomTypeId: ids.roomType, occupancy: '1' } }),
  'POST /api/rates/:id/prices': (c, ids) =>
    c.post(`/api/rates/${ids.rate}/prices`, { roomTypeId: ids.roomType, occupancy: 2, amount: 12000 }),
  'PUT /api/rates/:id/prices/:priceId': (c, ids) =>
    c.put(`/api/rates/${ids.rate}/prices/${ids.ratePrice}`, {
      roomTypeId: ids.roomType,
      occupancy: 1,
      amount: 9500,
    }),
  'DELETE /api/rates/:id/prices/:priceId': (c, ids) =>
    c.delete(`/api/rates/${ids.rate}/prices/${ids.ratePrice}`),
  'POST /api/rates/:id/items': (c, ids) =>
    c.post(`/api/rates/${ids.rate}/items`, {
      itemId: ids.item,
      unit: 'person',
      frequency: 'daily',
      amount: 1500,
    }),
  'PUT /api/rates/:id/items/:rateItemId': (c, ids) =>
    c.put(`/api/rates/${ids.rate}/items/${ids.rateItem}`, {
      itemId: ids.item,
      unit: 'person',
      frequency: 'daily',
      amount: 1600,
    }),
  'DELETE /api/rates/:id/items/:rateItemId': (c, ids) =>
    c.delete(`/api/rates/${ids.rate}/items/${ids.rateItem}`),

  'GET /api/contacts': (c) => c.get('/api/contacts'),
  'POST /api/contacts': (c, ids) =>
    c.post('/api/contacts', { name: `Kontakt ${unique()}`, defaultRateId: ids.rate }),
  'GET /api/contacts/:id': (c, ids) => c.get(`/api/contacts/${ids.contact}`),
  'PUT /api/contacts/:id': (c, ids) =>
    c.put(`/api/contacts/${ids.contact}`, { name: 'Katalog Kontakt', defaultRateId: ids.rate }),
  'PATCH /api/contacts/:id': (c, ids) => c.patch(`/api/contacts/${ids.contact}`, { defaultRateId: ids.rate }),
  'DELETE /api/contacts/:id': (c, ids) => c.delete(`/api/contacts/${ids.contact}`),
  'GET /api/contacts/:id/bookings': (c, ids) => c.get(`/api/contacts/${ids.contact}/bookings`),
  'GET /api/contacts/:id/invoices': (c, ids) => c.get(`/api/contacts/${ids.contact}/invoices`),
  'GET /api/contacts/:id/files': (c, ids) => c.get(`/api/contacts/${ids.contact}/files`),
  'POST /api/contacts/:id/files/:fileId': (c, ids) =>
    c.post(`/api/contacts/${ids.contact}/files/${ids.file}`),
  'DELETE /api/contacts/:id/files/:fileId': (c, ids) =>
    c.delete(`/api/contacts/${ids.contact}/files/${ids.file}`),
  'POST /api/contacts/:id/files/:fileId/confirm': (c, ids) =>
    c.post(`/api/contacts/${ids.contact}/files/${ids.file}/confirm`),
  'POST /api/contacts/:id/files/:fileId/reveal': (c, ids) =>
    c.post(`/api/contacts/${ids.contact}/files/${ids.file}/reveal`, { reason: 'Katalog' }),
  // No picture: the call gets as far as the type check, without starting the OCR.
  'POST /api/ids/analyze': (c) =>
    c.upload('/api/ids/analyze', { name: 'catalogue.txt', content: Buffer.from('no picture') }),

  'GET /api/groups': (c) => c.get('/api/groups'),
  'POST /api/groups': (c, ids) =>
    c.post('/api/groups', { name: `Gruppe ${unique()}`, customerId: ids.contact }),
  'GET /api/groups/:id': (c, ids) => c.get(`/api/groups/${ids.group}`),
  'PUT /api/groups/:id': (c, ids) =>
    c.put(`/api/groups/${ids.group}`, { name: 'Katalog', customerId: ids.contact }),
  'DELETE /api/groups/:id': (c, ids) => c.delete(`/api/groups/${ids.group}`),
  'POST /api/groups/:id/bookings': (c, ids) =>
    c.post(`/api/groups/${ids.group}/bookings`, { bookingId: ids.booking }),
  'DELETE /api/groups/:id/bookings/:bookingId': (c, ids) =>
    c.delete(`/api/groups/${ids.group}/bookings/${ids.booking}`),

  'GET /api/bookings/:id/notes': (c, ids) => c.get(`/api/bookings/${ids.booking}/notes`),
  'POST /api/bookings/:id/notes': (c, ids) => c.post(`/api/bookings/${ids.booking}/notes`, { text: 'Notiz' }),
  'POST /api/contacts/:id/personal-data-exports': (c, ids) =>
    c.post(`/api/contacts/${ids.contact}/personal-data-exports`),
  'GET /api/contacts/:id/personal-data-exports': (c, ids) =>
    c.get(`/api/contacts/${ids.contact}/personal-data-exports`),
  'GET /api/personal-data-exports/:id': (c, ids) =>
    c.get(`/api/personal-data-exports/${ids.personalDataExport}`),
  'GET /api/personal-data-exports/:id/download': (c, ids) =>
    c.get(`/api/personal-data-exports/${ids.personalDataExport}/download`),
  'POST /api/contacts/:id/erasure': (c, ids) => c.post(`/api/contacts/${ids.erasableContact}/erasure`),
  'GET /api/contacts/:id/erasure': (c, ids) => c.get(`/api/contacts/${ids.erasableContact}/erasure`),
  'GET /api/contacts/:id/notes': (c, ids) => c.get(`/api/contacts/${ids.contact}/notes`),
  'POST /api/contacts/:id/notes': (c, ids) => c.post(`/api/contacts/${ids.contact}/notes`, { text: 'Notiz' }),
  'GET /api/groups/:id/notes': (c, ids) => c.get(`/api/groups/${ids.group}/notes`),
  'POST /api/groups/:id/notes': (c, ids) => c.post(`/api/groups/${ids.group}/notes`, { text: 'Notiz' }),
  'GET /api/invoices/:id/notes': (c, ids) => c.get(`/api/invoices/${ids.invoice}/notes`),
  'POST /api/invoices/:id/notes': (c, ids) => c.post(`/api/invoices/${ids.invoice}/notes`, { text: 'Notiz' }),
  'DELETE /api/notes/:noteId': (c, ids) => c.delete(`/api/notes/${ids.note}`),

  'GET /api/bookings': (c) => c.get('/api/bookings'),
  'POST /api/bookings': (c, ids) =>
    c.post('/api/bookings', {
      ...stay,
      roomTypeId: ids.roomType,
      rateId: ids.rate,
      customerId: ids.contact,
      groupId: ids.group,
      occupancy: 1,
      status: 'pending',
    }),
  'POST /api/bookings/quote': (c, ids) =>
    c.post('/api/bookings/quote', { ...stay, roomTypeId: ids.roomType, rateId: ids.rate, occupancy: 1 }),
  'GET /api/bookings/free_rooms': (c, ids) =>
    c.get('/api/bookings/free_rooms', { query: { ...stay, bookingId: ids.booking } }),
  'POST /api/bookings/confirm': (c, ids) => c.post('/api/bookings/confirm', { ids: [ids.booking] }),
  'GET /api/bookings/:id': (c, ids) => c.get(`/api/bookings/${ids.booking}`),
  'PUT /api/bookings/:id': (c, ids) =>
    c.put(`/api/bookings/${ids.booking}`, {
      roomId: ids.room,
      rateId: ids.rate,
      customerId: ids.contact,
      groupId: ids.group,
    }),
  'DELETE /api/bookings/:id': (c, ids) => c.delete(`/api/bookings/${ids.booking}`),
  'POST /api/bookings/:id/actions/:action': (c, ids) =>
    c.post(`/api/bookings/${ids.booking}/actions/no_show`),
  'POST /api/bookings/:id/guests': (c, ids) =>
    c.post(`/api/bookings/${ids.booking}/guests`, { contactId: ids.contact }),
  'PATCH /api/bookings/:id/guests/:contactId': (c, ids) =>
    c.patch(`/api/bookings/${ids.booking}/guests/${ids.contact}`, { isFamilyMember: true }),
  'DELETE /api/bookings/:id/guests/:contactId': (c, ids) =>
    c.delete(`/api/bookings/${ids.booking}/guests/${ids.contact}`),
  'GET /api/bookings/:id/charges': (c, ids) => c.get(`/api/bookings/${ids.booking}/charges`),
  'GET /api/bookings/:id/invoices': (c, ids) => c.get(`/api/bookings/${ids.booking}/invoices`),
  'GET /api/bookings/:id/access_token': (c, ids) => c.get(`/api/bookings/${ids.booking}/access_token`),
  'GET /api/bookings/:id/access_points': (c, ids) => c.get(`/api/bookings/${ids.booking}/access_points`),
  'POST /api/bookings/:id/access_points/:accessPointId/unlock': (c, ids) =>
    c.post(`/api/bookings/${ids.booking}/access_points/${crypto.randomUUID()}/unlock`),
  // Its caller is Stripe, known by the signature: an unsigned call is refused as invalid, never 401.
  'POST /api/payments/stripe/:propertyId/webhook': (c, ids) =>
    c.post(`/api/payments/stripe/${ids.property}/webhook`, {}),
  'GET /api/bookings/:id/events': (c, ids) => c.get(`/api/bookings/${ids.booking}/events`),
  'GET /api/bookings/:id/portal_progress': (c, ids) => c.get(`/api/bookings/${ids.booking}/portal_progress`),
  'GET /api/access_points': (c) => c.get('/api/access_points'),
  'POST /api/access_points': (c) => c.post('/api/access_points', { name: `Zugang ${unique()}` }),
  'PATCH /api/access_points/:id': (c, ids) =>
    c.patch(`/api/access_points/${ids.accessPoint}`, { name: `Zugang ${unique()}` }),
  'DELETE /api/access_points/:id': (c, ids) => c.delete(`/api/access_points/${ids.accessPoint}`),

  'GET /api/room_plan': (c) => c.get('/api/room_plan', { query: { from: stay.checkIn, to: stay.checkOut } }),
  'GET /api/folios': (c, ids) => c.get('/api/folios', { query: { bookingId: ids.booking } }),
  'POST /api/folios': (c, ids) => c.post('/api/folios', { bookingId: ids.booking, name: 'Minibar' }),
  'GET /api/folios/:id': (c, ids) => c.get(`/api/folios/${ids.folio}`),
  'PATCH /api/folios/:id': (c, ids) => c.patch(`/api/folios/${ids.folio}`, { isVirtualPayment: false }),
  // Entries and items that do not exist: an allowed caller gets 404, a refused one 403 before that.
  'POST /api/folios/:id/charges': (c, ids) =>
    c.post(`/api/folios/${ids.folio}/charges`, { itemId: crypto.randomUUID() }),
  'PUT /api/folios/:id/charges/:entryId': (c, ids) =>
    c.put(`/api/folios/${ids.folio}/charges/${crypto.randomUUID()}`, {
      quantity: 2,
      reason: 'Falsche Menge',
    }),
  'DELETE /api/folios/:id/charges/:entryId': (c, ids) =>
    c.request('DELETE', `/api/folios/${ids.folio}/charges/${crypto.randomUUID()}`, { reason: 'Irrtum' }),
  'POST /api/folios/:id/charges/:entryId/allowances': (c, ids) =>
    c.post(`/api/folios/${ids.folio}/charges/${crypto.randomUUID()}/allowances`, {
      amount: 100,
      reason: 'Kulanz',
    }),
  'POST /api/folios/:id/charges/:entryId/move': (c, ids) =>
    c.post(`/api/folios/${ids.folio}/charges/${crypto.randomUUID()}/move`, { targetFolioId: ids.folio }),
  'POST /api/folios/:id/payments': (c, ids) =>
    c.post(`/api/folios/${ids.folio}/payments`, { amount: 100, paymentMethodId: crypto.randomUUID() }),
  'POST /api/folios/:id/refunds': (c, ids) =>
    c.post(`/api/folios/${ids.folio}/refunds`, { amount: 100, paymentMethodId: crypto.randomUUID() }),
  'DELETE /api/folios/:id/payments/:entryId': (c, ids) =>
    c.delete(`/api/folios/${ids.folio}/payments/${crypto.randomUUID()}`),
  'GET /api/invoices': (c) => c.get('/api/invoices'),
  // A folio no property has: the call gets as far as the look-up.
  'POST /api/invoices': (c) => c.post('/api/invoices', { folioId: crypto.randomUUID() }),
  'GET /api/invoices/:id': (c, ids) => c.get(`/api/invoices/${ids.invoice}`),
  'PUT /api/invoices/:id': (c, ids) => c.put(`/api/invoices/${ids.invoice}`, { additionalText: 'Danke' }),
  'POST /api/invoices/:id/actions/issue': (c, ids) =>
    c.post(`/api/invoices/${ids.invoice}/actions/issue`, { closeWithDueAmount: true }),
  'POST /api/invoices/:id/actions/cancel': (c, ids) => c.post(`/api/invoices/${ids.invoice}/actions/cancel`),
  'GET /api/invoices/:id/pdf': (c, ids) => c.get(`/api/invoices/${ids.invoice}/pdf`),
  'GET /api/invoices/:id/xml': (c, ids) => c.get(`/api/invoices/${ids.invoice}/xml`),
  'DELETE /api/invoices/:id': (c, ids) => c.delete(`/api/invoices/${ids.invoice}`),
  'GET /api/receivables': (c) => c.get('/api/receivables'),
  'POST /api/invoices/:id/payments': (c, ids) =>
    c.post(`/api/invoices/${ids.invoice}/payments`, { amount: 100, paymentMethodId: crypto.randomUUID() }),
  'GET /api/invoices/:id/reminders': (c, ids) => c.get(`/api/invoices/${ids.invoice}/reminders`),
  'POST /api/invoices/:id/reminders': (c, ids) =>
    c.post(`/api/invoices/${ids.invoice}/reminders`, { send: false }),
  'GET /api/invoices/:id/reminders/:reminderId/pdf': (c, ids) =>
    c.get(`/api/invoices/${ids.invoice}/reminders/${crypto.randomUUID()}/pdf`),
  'GET /api/invoices/:id/events': (c, ids) => c.get(`/api/invoices/${ids.invoice}/events`),
  'GET /api/channels': (c) => c.get('/api/channels'),
  'POST /api/channels': (c) => c.post('/api/channels', { name: `Kanal ${unique()}` }),
  'GET /api/channels/:id': (c, ids) => c.get(`/api/channels/${ids.channel}`),
  'PUT /api/channels/:id': (c, ids) => c.put(`/api/channels/${ids.channel}`, { color: '#00a699' }),
  'DELETE /api/channels/:id': (c, ids) => c.delete(`/api/channels/${ids.channel}`),
  'PUT /api/channels/:id/rooms/:roomId': (c, ids) =>
    c.put(`/api/channels/${ids.channel}/rooms/${ids.room}`, { importUrl: null }),
  'POST /api/channels/:id/rooms/:roomId/export_token': (c, ids) =>
    c.post(`/api/channels/${ids.channel}/rooms/${ids.room}/export_token`),
  'DELETE /api/channels/:id/rooms/:roomId/export_token': (c, ids) =>
    c.delete(`/api/channels/${ids.channel}/rooms/${ids.room}/export_token`),
  'POST /api/bookings/synchronize': (c, ids) =>
    c.post('/api/bookings/synchronize', { channelId: ids.channel }),
  'GET /api/ical/:file': (c, ids) => c.get(`/api/ical/${ids.exportFile}`),
  'GET /api/retention_rules': (c) => c.get('/api/retention_rules'),
  'PUT /api/retention_rules/:record': (c) =>
    c.put('/api/retention_rules/id_picture', {
      years: 0,
      months: 0,
      days: 7,
      graceMonths: 0,
      reference: 'DSGVO Art. 5 (1) c, e',
    }),
  'GET /api/retention_log': (c) => c.get('/api/retention_log'),
  'GET /api/cash_registers': (c) => c.get('/api/cash_registers'),
  'POST /api/cash_registers': (c, ids) =>
    c.post('/api/cash_registers', {
      name: `Kasse ${unique()}`,
      country: 'AT',
      adapter: 'simulator',
      cashBoxId: `K-${unique()}`,
      paymentMethodIds: [ids.paymentMethod],
    }),
  'GET /api/cash_registers/:id': (c, ids) => c.get(`/api/cash_registers/${ids.cashRegister}`),
  'PATCH /api/cash_registers/:id': (c, ids) =>
    c.patch(`/api/cash_registers/${ids.cashRegister}`, { paymentMethodIds: [ids.paymentMethod] }),
  'GET /api/cash_registers/:id/book': (c, ids) =>
    c.get(`/api/cash_registers/${ids.cashRegister}/book`, {
      query: { from: '2026-01-01', to: '2026-12-31' },
    }),
  'POST /api/cash_registers/:id/shifts': (c, ids) => c.post(`/api/cash_registers/${ids.cashRegister}/shifts`),
  'POST /api/cash_registers/:id/shifts/close': (c, ids) =>
    c.post(`/api/cash_registers/${ids.cashRegister}/shifts/close`, { countedAmount: 0 }),
  'POST /api/cash_registers/:id/movements': (c, ids) =>
    c.post(`/api/cash_registers/${ids.cashRegister}/movements`, {
      kind: 'deposit',
      amount: 100,
      reason: 'Wechselgeld',
    }),
  'POST /api/cash_registers/:id/day_closes': (c, ids) =>
    c.post(`/api/cash_registers/${ids.cashRegister}/day_closes`, {}),
  'GET /api/cash_registers/:id/dep': (c, ids) =>
    c.get(`/api/cash_registers/${ids.cashRegister}/dep`, { query: { from: '2026-01-01', to: '2026-12-31' } }),
  'GET /api/cash_registers/:id/tse_export': (c, ids) =>
    c.get(`/api/cash_registers/${ids.cashRegister}/tse_export`, {
      query: { from: '2026-01-01', to: '2026-12-31' },
    }),
  'GET /api/cash_day_closes/:id/pdf': (c, ids) => c.get(`/api/cash_day_closes/${ids.cashDayClose}/pdf`),
  'POST /api/cash_shifts/:id/review': (c, ids) =>
    c.post(`/api/cash_shifts/${ids.cashShift}/review`, { note: 'Gezählt und geprüft' }),
  'GET /api/fiscal_receipts/:id': (c, ids) => c.get(`/api/fiscal_receipts/${ids.fiscalReceipt}`),
  'POST /api/fiscal_receipts/:id/send': (c, ids) =>
    c.post(`/api/fiscal_receipts/${ids.fiscalReceipt}/send`, { to: 'guest@example.com' }),
  'GET /api/fiscal_receipts/:id/pdf': (c, ids) => c.get(`/api/fiscal_receipts/${ids.fiscalReceipt}/pdf`),
  'GET /api/room_locks': (c) => c.get('/api/room_locks'),
  'POST /api/room_locks': (c, ids) =>
    c.post('/api/room_locks', {
      roomId: ids.room,
      startDate: '2032-01-10',
      endDate: '2032-01-11',
      reason: 'Maler',
    }),
  'GET /api/room_locks/:id': (c, ids) => c.get(`/api/room_locks/${ids.roomLock}`),
  'PUT /api/room_locks/:id': (c, ids) =>
    c.put(`/api/room_locks/${ids.roomLock}`, { roomId: ids.room, reason: 'Boden' }),
  'DELETE /api/room_locks/:id': (c, ids) => c.delete(`/api/room_locks/${ids.roomLock}`),
  'POST /api/room_locks/:id/actions/cancel': (c, ids) =>
    c.post(`/api/room_locks/${ids.roomLock}/actions/cancel`),

  'GET /api/housekeeping': (c) => c.get('/api/housekeeping'),
  'GET /api/housekeeping/rooms/:id': (c, ids) => c.get(`/api/housekeeping/rooms/${ids.room}`),
  'PATCH /api/housekeeping/rooms/:id': (c, ids) =>
    c.patch(`/api/housekeeping/rooms/${ids.room}`, { housekeepingStatus: 'clean' }),
  'GET /api/search': (c) => c.get('/api/search', { query: { query: 'Katalog' } }),
  'GET /api/dashboard': (c) => c.get('/api/dashboard'),
  'GET /api/reports/items': (c) =>
    c.get('/api/reports/items', { query: { from: '2031-03-01', to: '2031-03-31', groupByRoom: 'true' } }),
  'GET /api/reports/accounting': (c) =>
    c.get('/api/reports/accounting', { query: { from: '2031-03-01', to: '2031-03-31', format: 'csv' } }),
  'GET /api/reports/local_tax': (c) =>
    c.get('/api/reports/local_tax', { query: { from: '2031-03', to: '2031-03' } }),
  'GET /api/reports/guest_statistics': (c) =>
    c.get('/api/reports/guest_statistics', { query: { from: '2031-03-01', to: '2031-03-31' } }),

  'GET /api/email_templates': (c) => c.get('/api/email_templates'),
  'PUT /api/email_templates/:kind/:language': (c) =>
    c.put('/api/email_templates/confirmation/en', {
      subject: 'Booking {bookingCode}',
      text: 'Dear {guestName}',
    }),
  'POST /api/bookings/:id/links/:linkId/send': (c, ids) =>
    c.post(`/api/bookings/${ids.booking}/links/${ids.link}/send`, { to: 'guest@example.com' }),
  'POST /api/bookings/:id/confirmation/send': (c, ids) =>
    c.post(`/api/bookings/${ids.booking}/confirmation/send`, { to: 'guest@example.com' }),
  // The catalogue's invoice is a draft: the call gets as far as the status check.
  'POST /api/invoices/:id/send': (c, ids) =>
    c.post(`/api/invoices/${ids.invoice}/send`, { to: 'guest@example.com' }),
  'GET /api/mail_messages': (c) => c.get('/api/mail_messages'),
  'GET /api/mail_messages/:id': (c, ids) => c.get(`/api/mail_messages/${ids.mailMessage}`),
  'GET /api/mail_messages/:id/eml': (c, ids) => c.get(`/api/mail_messages/${ids.mailMessage}/eml`),
  'POST /api/mail_messages/:id/actions/retry': (c, ids) =>
    c.post(`/api/mail_messages/${ids.mailMessage}/actions/retry`),
};

/** Routes that belong to a person, not to an integration: API keys are refused whatever their role. */
export const forUsersOnly = new Set([
  'POST /api/properties',
  'POST /api/session/switch_property',
  'POST /api/session/accept_invitation',
  'POST /api/session/update_password',
  'PATCH /api/session/profile',
]);

/** The /api routes of an app as Fastify registered them (`GET /api/bookings/:id`), collected by onRoute. */
export function routesOf(app: FastifyInstance): string[] {
  return [...app.routeAccess.keys()];
}

function idOf(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<{ id: string }>().id;
}

/**
 * One record of every kind in the client's current property, created through the API where a route
 * exists.
 */
export async function createRecords(t: TTestApp, client: ApiClient): Promise<TRecordIds> {
  const property = client.session!.propertyId;
  const roomType = idOf(
    await client.post('/api/room_types', {
      name: `Fixture ${unique()}`,
      code: unique(),
      capacity: 2,
      minOccupancy: 1,
      maxOccupancy: 2,
    }),
  );
  const rooms = await client.post('/api/rooms', {
    number: `F${Math.floor(Math.random() * 1e6)}`,
    roomTypeId: roomType,
  });
  expect(rooms.statusCode, rooms.body).toBe(201);
  const room = rooms.json<{ data: { id: string }[] }>().data[0]!.id;
  const taxRate = idOf(await client.post('/api/tax_rates', { name: `Fixture ${unique()}`, percentage: 10 }));
  const item = idOf(
    await client.post('/api/items', {
      name: `Fixture ${unique()}`,
      type: 'other',
      amount: 300,
      taxRateId: taxRate,
    }),
  );
  const rate = idOf(await client.post('/api/rates', { name: `Fixture ${unique()}`, code: unique() }));
  const ratePrice = idOf(
    await client.post(`/api/rates/${rate}/prices`, { roomTypeId: roomType, occupancy: 1, amount: 9000 }),
  );
  const rateItem = idOf(
    await client.post(`/api/rates/${rate}/items`, {
      itemId: item,
      unit: 'person',
      frequency: 'daily',
      amount: 1000,
    }),
  );
  const paymentMethod = idOf(
    await client.post('/api/payment_methods', { name: `Fixture ${unique()}`, kind: 'cash' }),
  );
  const localTaxItem = idOf(
    await client.post('/api/items', {
      name: `Fixture ${unique()}`,
      type: 'local_tax',
      amount: 100,
      taxRateId: taxRate,
    }),
  );
  // Inactive: the fixture's stays are not charged it.
  const levy = idOf(
    await client.post('/api/local_tax_levies', {
      name: `Fixture ${unique()}`,
      itemId: localTaxItem,
      active: false,
    }),
  );
  const levyVersion = (
    await client.post(`/api/local_tax_levies/${levy}/versions`, {
      validFrom: '2030-01-01',
      validUntil: '2030-12-31',
      chargeKind: 'per_person_night',
      amount: 100,
    })
  ).json<{ versions: { id: string }[] }>().versions[0]!.id;
  const contact = idOf(await client.post('/api/contacts', { name: `Fixture ${unique()}` }));
  const group = idOf(await client.post('/api/groups', { name: `Fixture ${unique()}` }));
  const booking = idOf(
    await client.post('/api/bookings', {
      ...stay,
      roomTypeId: roomType,
      rateId: rate,
      customerId: contact,
      occupancy: 1,
      status: 'pending',
    }),
  );
  const roomLock = idOf(
    await client.post('/api/room_locks', {
      roomId: room,
      startDate: '2032-02-01',
      endDate: '2032-02-02',
      reason: 'Fixture',
    }),
  );
  const note = idOf(await client.post(`/api/bookings/${booking}/notes`, { text: 'Fixture' }));
  const link = (await client.get(`/api/bookings/${booking}`, { query: { expand: 'link' } })).json<{
    link: { id: string };
  }>().link.id;
  const mailMessage = idOf(
    await client.post(`/api/bookings/${booking}/confirmation/send`, { to: 'fixture@example.com' }),
  );
  const file = idOf(await client.upload('/api/files', { name: 'fixture.png', content: png }));
  const logo = idOf(
    await client.upload(
      '/api/files',
      { name: 'fixture-logo.png', content: png },
      { query: { purpose: 'logo' } },
    ),
  );
  const apiKey = idOf(
    await client.post('/api/api_keys', { name: `Fixture ${unique()}`, roleId: 'catering' }),
  );
  const user = (
    await client.post('/api/users', {
      email: `fixture-${unique()}@example.com`,
      name: 'Fixture',
      roleId: 'staff',
    })
  ).json<{ userId: string }>().userId;
  const setting = idOf(await client.post('/api/settings', { key: `fixture.${unique()}`, value: 'x' }));
  const accessPoint = idOf(await client.post('/api/access_points', { name: `Fixture ${unique()}` }));
  const channelAnswer = await client.post('/api/channels', { name: `Fixture ${unique()}` });
  const channel = idOf(channelAnswer);
  const exportUrl = channelAnswer.json<{ feeds: { exportUrl: string }[] }>().feeds[0]!.exportUrl;
  const exportFile = exportUrl.slice(exportUrl.lastIndexOf('/') + 1);
  // A draft on a booking of its own (an invoice makes its booking read-only), without customer: it is
  // never issued, so every invoice route can be called on it.
  const billed = idOf(
    await client.post('/api/bookings', {
      ...stay,
      roomTypeId: roomType,
      rateId: rate,
      occupancy: 1,
      status: 'pending',
    }),
  );
  const [folio] = await t.db.select({ id: folios.id }).from(folios).where(eq(folios.bookingId, billed));
  const [bookingFolio] = await t.db
    .select({ id: folios.id })
    .from(folios)
    .where(eq(folios.bookingId, booking));
  // A register of its own: put into use (its start receipt), a shift opened and closed, the day closed.
  const cashRegister = idOf(
    await client.post('/api/cash_registers', {
      name: `Fixture ${unique()}`,
      country: 'AT',
      adapter: 'simulator',
      cashBoxId: `F-${unique()}`,
      paymentMethodIds: [paymentMethod],
    }),
  );
  expect((await client.post(`/api/cash_registers/${cashRegister}/shifts`)).statusCode).toBe(201);
  const cashShift = idOf(
    await client.post(`/api/cash_registers/${cashRegister}/shifts/close`, { countedAmount: 0 }),
  );
  const cashDayClose = idOf(await client.post(`/api/cash_registers/${cashRegister}/day_closes`, {}));
  const today = (await client.get(`/api/cash_registers/${cashRegister}`)).json<{ businessDate: string }>()
    .businessDate;
  const fiscalReceipt = (
    await client.get(`/api/cash_registers/${cashRegister}/book`, { query: { from: today, to: today } })
  ).json<{ receipts: { id: string }[] }>().receipts[0]!.id;
  const personalDataExport = idOf(await client.post(`/api/contacts/${contact}/personal-data-exports`));
  const erasableContact = idOf(await client.post('/api/contacts', { name: `Fixture ${unique()}` }));
  const [invoice] = await t.db
    .insert(invoices)
    .values({ propertyId: property, folioId: folio!.id, bookingId: billed })
    .returning({ id: invoices.id });
  return {
    property,
    booking,
    folio: bookingFolio!.id,
    room,
    roomType,
    rate,
    ratePrice,
    rateItem,
    item,
    taxRate,
    paymentMethod,
    levy,
    levyVersion,
    contact,
    group,
    channel,
    exportFile,
    roomLock,
    note,
    file,
    logo,
    invoice: invoice!.id,
    apiKey,
    user,
    setting,
    link,
    mailMessage,
    accessPoint,
    cashRegister,
    cashShift,
    fiscalReceipt,
    cashDayClose,
    personalDataExport,
    erasableContact,
  };
}
