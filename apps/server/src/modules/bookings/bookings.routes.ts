import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type TBooking,
  ZAssignGuestRequest,
  ZUpdateBookingGuestRequest,
  ZBooking,
  ZBookingActionParams,
  ZBookingActionQuery,
  ZBookingQuote,
  ZBookingQuoteRequest,
  ZFreeRoom,
  ZFreeRoomsQuery,
  ZBookingListQuery,
  ZBookingView,
  ZCharge,
  ZInvoiceSummary,
  ZPageQuery,
  ZConfirmBookingsRequest,
  ZCreateBookingRequest,
  ZEvent,
  ZExpandQuery,
  ZId,
  ZIdParams,
  ZPaged,
  ZUpdateBookingRequest,
} from '@pms/contract';
import type { TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { actorOf, todayOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { keptAnswerRouteOptions } from '../../performance/answer-cache.ts';
import { listFreeRooms, quoteBooking } from './booking-availability.ts';
import { toBookingView } from './booking-view.ts';
import * as actions from './booking-actions.service.ts';
import { checkInAtDesk } from '../../flows/check-in.flow.ts';
import * as guests from './booking-guests.service.ts';
import * as records from './booking-records.service.ts';
import * as service from './bookings.service.ts';

const tags = ['bookings'];
const read = { access: ['bookings', 'read'] } as const;
const write = { access: ['bookings', 'write'] } as const;

export function registerBookingRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** A write's answer with the relations asked for, read after it as `GET /bookings/{id}` reads them. */
  const withExpanded = async (actor: TActor, booking: TBooking, expand: string | undefined) =>
    expand ? service.getBooking(ctx, actor, booking.id, expand) : booking;

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/bookings',
    {
      schema: {
        tags,
        querystring: ZBookingListQuery,
        response: { 200: ZPaged(ZBookingView), ...problemResponses },
      },
      config: read,
      ...keptAnswerRouteOptions,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // The quick filters (arrivals, departures...) count from the property's today.
      const varies = request.query.filter ? [todayOf(ctx, request)] : [];
      return app.answers.send(
        request,
        reply,
        async () => {
          const page = await service.listBookings(ctx, actor, request.query);
          return { ...page, data: page.data.map((booking) => toBookingView(actor.role, booking)) };
        },
        // A room's housekeeping status is not in the list: marking rooms clean leaves it kept.
        { varies, keptUnder: 'bookingsVersion' },
      );
    },
  );

  api.post(
    '/api/bookings',
    {
      schema: {
        tags,
        querystring: ZExpandQuery,
        body: ZCreateBookingRequest,
        response: { 201: ZBooking, ...problemResponses },
      },
      config: write,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const booking = await service.createBooking(ctx, actor, request.body);
      return reply.status(201).send(await withExpanded(actor, booking, request.query.expand));
    },
  );

  api.post(
    '/api/bookings/confirm',
    {
      schema: {
        tags,
        body: ZConfirmBookingsRequest,
        response: { 200: z.object({ data: z.array(ZBooking) }), ...problemResponses },
      },
      config: write,
    },
    async (request) => ({ data: await actions.confirmBookings(ctx, actorOf(request), request.body.ids) }),
  );

  api.post(
    '/api/bookings/quote',
    {
      schema: { tags, body: ZBookingQuoteRequest, response: { 200: ZBookingQuote, ...problemResponses } },
      config: write,
    },
    async (request) => quoteBooking(ctx, actorOf(request), request.body),
  );

  api.get(
    '/api/bookings/free_rooms',
    {
      schema: {
        tags,
        querystring: ZFreeRoomsQuery,
        response: { 200: z.object({ data: z.array(ZFreeRoom) }), ...problemResponses },
      },
      config: write,
    },
    async (request) => ({ data: await listFreeRooms(ctx, actorOf(request), request.query) }),
  );

  api.get(
    '/api/bookings/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZExpandQuery,
        response: { 200: ZBookingView, ...problemResponses },
      },
      config: read,
    },
    async (request) => {
      const actor = actorOf(request);
      const booking = await service.getBooking(ctx, actor, request.params.id, request.query.expand);
      return toBookingView(actor.role, booking);
    },
  );

  api.put(
    '/api/bookings/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateBookingRequest,
        response: { 200: ZBooking, ...problemResponses },
      },
      config: write,
    },
    async (request) => service.updateBooking(ctx, actorOf(request), request.params.id, request.body),
  );

  api.delete(
    '/api/bookings/:id',
    { schema: { tags, params: ZIdParams, response: { 204: z.null(), ...problemResponses } }, config: write },
    async (request, reply) => {
      await service.deleteBooking(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/bookings/:id/actions/:action',
    {
      schema: {
        tags,
        params: ZBookingActionParams,
        querystring: ZBookingActionQuery,
        response: { 200: ZBooking, ...problemResponses },
      },
      config: write,
    },
    async (request) => {
      const { id, action } = request.params;
      const actor = actorOf(request);
      const booking =
        action === 'check_in'
          ? await checkInAtDesk(ctx, actor, id)
          : await actions.performAction(ctx, actor, id, action, request.query);
      return withExpanded(actor, booking, request.query.expand);
    },
  );

  api.post(
    '/api/bookings/:id/guests',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZAssignGuestRequest,
        response: { 200: ZBooking, ...problemResponses },
      },
      config: write,
    },
    async (request) => guests.assignGuest(ctx, actorOf(request), request.params.id, request.body),
  );

  api.patch(
    '/api/bookings/:id/guests/:contactId',
    {
      schema: {
        tags,
        params: z.object({ id: ZId, contactId: ZId }),
        body: ZUpdateBookingGuestRequest,
        response: { 200: ZBooking, ...problemResponses },
      },
      config: write,
    },
    async (request) =>
      guests.updateGuest(ctx, actorOf(request), request.params.id, request.params.contactId, request.body),
  );

  api.delete(
    '/api/bookings/:id/guests/:contactId',
    {
      schema: {
        tags,
        params: z.object({ id: ZId, contactId: ZId }),
        response: { 200: ZBooking, ...problemResponses },
      },
      config: write,
    },
    async (request) =>
      guests.unassignGuest(ctx, actorOf(request), request.params.id, request.params.contactId),
  );

  api.get(
    '/api/bookings/:id/charges',
    {
      schema: {
        tags,
        params: ZIdParams,
        response: { 200: z.object({ data: z.array(ZCharge) }), ...problemResponses },
      },
      config: { access: ['folios', 'read'] },
    },
    async (request) => ({ data: await records.listBookingCharges(ctx, actorOf(request), request.params.id) }),
  );

  api.get(
    '/api/bookings/:id/invoices',
    {
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZPageQuery,
        response: { 200: ZPaged(ZInvoiceSummary), ...problemResponses },
      },
      config: { access: ['invoices', 'read'] },
    },
    async (request) => records.listBookingInvoices(ctx, actorOf(request), request.params.id, request.query),
  );

  api.get(
    '/api/bookings/:id/events',
    {
      schema: {
        tags,
        params: ZIdParams,
        response: { 200: z.object({ data: z.array(ZEvent) }), ...problemResponses },
      },
      config: read,
    },
    async (request) => ({ data: await records.listBookingEvents(ctx, actorOf(request), request.params.id) }),
  );
}
