import { todayIn, type TLanguage, type TRole } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { findProperty } from '../../lib/properties.ts';
import { formatMailDate, mailLocale, roleNames } from './mail-texts.ts';
import { queueMessage } from './mail-queue.ts';

/**
 * Queues the invitation of an existing account to the property's team, in the caller's transaction:
 * to the account's address, in its language, with the link that accepts it. It stays out of the
 * property's outbox.
 */
export async function queueTeamInvitation(
  ctx: AppContext,
  db: Executor,
  invitation: {
    propertyId: string;
    to: string;
    language: TLanguage;
    roleId: TRole;
    link: string;
    expiresAt: Date;
  },
): Promise<void> {
  const property = await findProperty(db, invitation.propertyId);
  const { language } = invitation;
  const locale = mailLocale(language, property.address.country);
  await queueMessage(ctx, db, {
    kind: 'team_invitation',
    propertyId: property.id,
    property,
    to: invitation.to,
    language,
    values: {
      propertyName: property.name,
      role: roleNames[language][invitation.roleId],
      link: invitation.link,
      expiresOn: formatMailDate(todayIn(property.timeZone, invitation.expiresAt), locale),
    },
    bookingId: null,
    invoiceId: null,
  });
}
