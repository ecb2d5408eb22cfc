import type { AppContext } from '../context.ts';

/** The guest portal's address for a booking link. */
export function bookingLinkUrl(ctx: AppContext, id: string): string {
  return `${ctx.config.publicUrl}/portal/${id}`;
}
