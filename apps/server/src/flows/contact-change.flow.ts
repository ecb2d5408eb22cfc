import type { TContact, TPatchContactRequest } from '@pms/contract';
import type { TActor } from '../actor.ts';
import type { AppContext } from '../context.ts';
import { postGuestStayCharges } from '../modules/bookings/index.ts';
import { updateContact } from '../modules/contacts/index.ts';

/**
 * Staff change a contact. A changed birth date can change a levy's age exemption, so the stays the
 * contact is a guest of that may still be charged get their local tax posted anew (decision 191).
 */
export async function changeContact(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TPatchContactRequest,
): Promise<TContact> {
  const contact = await updateContact(ctx, actor, id, input);
  if (input.dateOfBirth !== undefined)
    await ctx.db.transaction((tx) => postGuestStayCharges(tx, actor.propertyId, id));
  return contact;
}
