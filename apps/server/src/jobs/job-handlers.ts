import type { AppContext } from '../context.ts';
import type { jobs } from '../db/schema/index.ts';
import { systemActor } from '../actor.ts';
import { renderInvoiceDocuments } from '../modules/invoices/index.ts';
import { syncAccessToken } from '../modules/doors/index.ts';
import { deliverMailMessage, queueNewBookingConfirmation } from '../modules/mail/index.ts';
import { applyRoomLocksEverywhere } from '../modules/room-locks/index.ts';
import { importDueFeeds } from '../flows/channel-import.flow.ts';
import { signClosingReceiptsEverywhere } from '../modules/cash/index.ts';
import { buildPersonalDataExport, expirePersonalDataExports } from '../modules/privacy/index.ts';
import { applyRetentionEverywhere } from '../modules/retention/index.ts';
import type { TJobType } from './job-types.ts';

/** Does one job's work; throwing makes the runner retry it later. */
export type TJobHandler = (ctx: AppContext, job: typeof jobs.$inferSelect) => Promise<void>;

/** Every job type and the one function that does its work. */
export const jobHandlers: Record<TJobType, TJobHandler> = {
  'room_locks.apply': async (ctx) => {
    await applyRoomLocksEverywhere(ctx);
  },
  'invoices.render': async (ctx, job) => {
    const { invoiceId } = job.payload as { invoiceId: string };
    await renderInvoiceDocuments(ctx, systemActor(job.propertyId!, job.type), invoiceId);
  },
  // Sends one queued e-mail; a failure is retried with the runner's backoff.
  'mail.send': deliverMailMessage,
  // Queues a new booking's confirmation, when the general settings ask for it.
  'mail.booking_confirmation': async (ctx, job) => {
    await queueNewBookingConfirmation(ctx, job.propertyId!, (job.payload as { bookingId: string }).bookingId);
  },
  // Issues and revokes a key's credentials at the lock system.
  'doors.sync': async (ctx, job) => {
    await syncAccessToken(ctx, (job.payload as { tokenId: string }).tokenId);
  },
  // Fetches the channel import feeds that are due and makes what they say true.
  'channels.import': async (ctx) => {
    await importDueFeeds(ctx);
  },
  // Signs the month and year receipts the Austrian cash registers owe.
  'fiscal.closing_receipts': signClosingReceiptsEverywhere,
  // Zips a person's data for the export they (through an admin) asked for.
  'privacy.export': buildPersonalDataExport,
  // Deletes the ZIPs of exports whose link has expired.
  'privacy.expire_exports': expirePersonalDataExports,
  // Applies each property's retention rules once on its local day.
  'privacy.retention': applyRetentionEverywhere,
};
