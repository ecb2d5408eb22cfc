import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import {
  ZFile,
  ZFileUrl,
  ZPortalBooking,
  ZInvoice,
  ZPortalBookingMetadata,
  ZPortalCharges,
  ZPortalFolioSummary,
  ZPortalInvoiceParams,
  ZPortalInvoices,
  ZUpdatePortalInvoiceRequest,
  ZPortalContactFileParams,
  ZPortalContactParams,
  ZPortalFileParams,
  ZPortalGeneralSettings,
  ZPortalGuest,
  ZPortalGuestParams,
  ZPortalPreCheckIn,
  ZPortalProperty,
  ZPortalSignature,
  ZProblem,
  ZUpdatePortalGuestRequest,
  ZAccessPoint,
  ZCheckoutSession,
  ZConfirmCheckoutRequest,
  ZCreateCheckoutRequest,
  ZUnlockParams,
  portalLinkHeader,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { portalLanguageOf } from '../../http/portal-page.ts';
import { guestOf } from '../../http/request-actor.ts';
import { readUploadedFile } from '../../http/multipart.ts';
import { sendFile } from '../../http/send-file.ts';
import { listAccessPoints, unlockAccessPoint } from '../doors/index.ts';
import { confirmCheckout, createCheckout } from '../../flows/guest-payment.flow.ts';
import {
  getFolioSummary,
  listCharges,
  listPortalInvoices,
  updatePortalInvoice,
} from './portal-billing.service.ts';
import { checkIn, preCheckIn } from './portal-check-in.service.ts';
import { createPropertyFileUrl, readOwnFile, readPropertyFile } from './portal-files.service.ts';
import {
  getPortalBooking,
  getPortalBookingMetadata,
  getPortalGeneralSettings,
  getPortalProperty,
} from './portal-home.service.ts';
import {
  deleteGuestDocument,
  updatePortalGuest,
  uploadGuestDocument,
} from './portal-registration.service.ts';
import { deleteSignature, updateSignature } from './portal-signature.service.ts';

const tags = ['portal'];
/** Every portal call needs the Link-Id header of a booking link, nothing else. */
const config = { access: 'portal' } as const;
const portalProblems = { ...problemResponses, 410: ZProblem, 413: ZProblem, 415: ZProblem };

export function registerPortalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Card payment: the partner's page for the due amount, and how it ended when the guest is back.
  api.post(
    '/api/portal/checkout_session',
    {
      schema: { tags, body: ZCreateCheckoutRequest, response: { 200: ZCheckoutSession, ...portalProblems } },
      config,
    },
    async (request) => {
      const guest = guestOf(request);
      return createCheckout(ctx, guest, guest.bookingId, {
        ...request.body,
        // The partner sends the guest back to the check-in screen of the very link they came with.
        returnPath: `/portal/${encodeURIComponent(String(request.headers[portalLinkHeader]))}/check-in`,
        language: portalLanguageOf(request),
      });
    },
  );

  api.post(
    '/api/portal/payments',
    {
      schema: { tags, body: ZConfirmCheckoutRequest, response: { 200: ZCheckoutSession, ...portalProblems } },
      config,
    },
    async (request) => {
      const guest = guestOf(request);
      return confirmCheckout(ctx, guest, guest.bookingId, request.body.checkoutSessionId);
    },
  );

  // Doors: those the booking's key opens, and opening one.
  api.get(
    '/api/portal/access_points',
    { schema: { tags, response: { 200: z.array(ZAccessPoint), ...portalProblems } }, config },
    async (request) => {
      const guest = guestOf(request);
      return listAccessPoints(ctx, guest, guest.bookingId);
    },
  );

  api.post(
    '/api/portal/access_points/:accessPointId/unlock',
    {
      schema: { tags, params: ZUnlockParams, response: { 200: ZAccessPoint, ...portalProblems } },
      config,
    },
    async (request) => {
      const guest = guestOf(request);
      return unlockAccessPoint(ctx, guest, guest.bookingId, request.params.accessPointId);
    },
  );

  api.get(
    '/api/portal/property',
    { schema: { tags, response: { 200: ZPortalProperty, ...portalProblems } }, config },
    async (request) => getPortalProperty(ctx, guestOf(request)),
  );

  api.get(
    '/api/portal/booking',
    { schema: { tags, response: { 200: ZPortalBooking, ...portalProblems } }, config },
    async (request) => getPortalBooking(ctx, guestOf(request)),
  );

  api.get(
    '/api/portal/booking_metadata',
    { schema: { tags, response: { 200: ZPortalBookingMetadata, ...portalProblems } }, config },
    async (request) => getPortalBookingMetadata(ctx, guestOf(request)),
  );

  api.get(
    '/api/portal/settings/general',
    { schema: { tags, response: { 200: ZPortalGeneralSettings, ...portalProblems } }, config },
    async (request) => getPortalGeneralSettings(ctx, guestOf(request)),
  );

  api.patch(
    '/api/portal/signature',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: ZPortalSignature, ...portalProblems },
      },
      config,
    },
    async (request) => {
      const { content } = await readUploadedFile(request, 'signature');
      return { signature: await updateSignature(ctx, guestOf(request), content) };
    },
  );

  api.delete(
    '/api/portal/signature',
    { schema: { tags, response: { 204: z.null(), ...portalProblems } }, config },
    async (request, reply) => {
      await deleteSignature(ctx, guestOf(request));
      return reply.status(204).send(null);
    },
  );

  api.patch(
    '/api/portal/guests/:guestId',
    {
      schema: {
        tags,
        params: ZPortalGuestParams,
        body: ZUpdatePortalGuestRequest,
        response: { 200: ZPortalGuest, ...portalProblems },
      },
      config,
    },
    async (request) => updatePortalGuest(ctx, guestOf(request), request.params.guestId, request.body),
  );

  api.post(
    '/api/portal/contacts/:contactId/files',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: ZPortalContactParams,
        response: { 201: ZFile, ...portalProblems },
      },
      config,
    },
    async (request, reply) => {
      const upload = await readUploadedFile(request);
      const file = await uploadGuestDocument(ctx, guestOf(request), request.params.contactId, upload);
      return reply.status(201).send(file);
    },
  );

  // The spec deletes a guest's document with a POST to the file's address.
  api.post(
    '/api/portal/contacts/:contactId/files/:fileId',
    {
      schema: { tags, params: ZPortalContactFileParams, response: { 204: z.null(), ...portalProblems } },
      config,
    },
    async (request, reply) => {
      await deleteGuestDocument(ctx, guestOf(request), request.params.contactId, request.params.fileId);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/portal/files/:fileId/content',
    { schema: { tags, params: ZPortalFileParams, response: portalProblems }, config },
    async (request, reply) =>
      sendFile(reply, await readOwnFile(ctx, guestOf(request), request.params.fileId), 'inline'),
  );

  api.get(
    '/api/portal/files/pms/:fileId/content',
    { schema: { tags, params: ZPortalFileParams, response: portalProblems }, config },
    async (request, reply) =>
      sendFile(reply, await readPropertyFile(ctx, guestOf(request), request.params.fileId), 'inline'),
  );

  api.get(
    '/api/portal/files/pms/:fileId/url',
    { schema: { tags, params: ZPortalFileParams, response: { 200: ZFileUrl, ...portalProblems } }, config },
    async (request) => createPropertyFileUrl(ctx, guestOf(request), request.params.fileId),
  );

  api.post(
    '/api/portal/folio_summary',
    { schema: { tags, response: { 200: ZPortalFolioSummary, ...portalProblems } }, config },
    async (request) => getFolioSummary(ctx, guestOf(request)),
  );

  api.get(
    '/api/portal/charges',
    { schema: { tags, response: { 200: ZPortalCharges, ...portalProblems } }, config },
    async (request) => listCharges(ctx, guestOf(request)),
  );

  api.get(
    '/api/portal/invoices',
    { schema: { tags, response: { 200: ZPortalInvoices, ...portalProblems } }, config },
    async (request) => listPortalInvoices(ctx, guestOf(request)),
  );

  api.patch(
    '/api/portal/invoices/:invoiceId',
    {
      schema: {
        tags,
        params: ZPortalInvoiceParams,
        body: ZUpdatePortalInvoiceRequest,
        response: { 200: ZInvoice, ...portalProblems },
      },
      config,
    },
    async (request) => updatePortalInvoice(ctx, guestOf(request), request.params.invoiceId, request.body),
  );

  api.post(
    '/api/portal/pre_check_in',
    { schema: { tags, response: { 200: ZPortalPreCheckIn, ...portalProblems } }, config },
    async (request) => preCheckIn(ctx, guestOf(request)),
  );

  api.post(
    '/api/portal/check_in',
    {
      schema: {
        tags,
        response: {
          200: z.any().describe('the signed registration form (application/pdf)'),
          ...portalProblems,
        },
      },
      config,
    },
    async (request, reply) => {
      const { file, content } = await checkIn(ctx, guestOf(request));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(file.name, { type: 'attachment' }))
        .header('x-content-type-options', 'nosniff')
        .send(content);
    },
  );
}
