import type { AppContext } from '../context.ts';
import type { jobs } from '../db/schema/index.ts';
import { deliverMailMessage } from '../modules/mail/mail.service.ts';
import { applyRoomLocksEverywhere } from '../modules/room-locks/room-locks.service.ts';
import type { TJobType } from './job-types.ts';

/** Does one job's work; throwing makes the runner retry it later. */
export type TJobHandler = (ctx: AppContext, job: typeof jobs.$inferSelect) => Promise<void>;

/** Every job type and the one function that does its work. */
export const jobHandlers: Record<TJobType, TJobHandler> = {
  'room_locks.apply': async (ctx) => {
    await applyRoomLocksEverywhere(ctx);
  },
  // Sends one queued e-mail; a failure is retried with the runner's backoff.
  'mail.send': deliverMailMessage,
};
