// The public surface of the mail module: what other modules and the platform use from it.
export { formatMailDate } from './mail-texts.ts';
export {
  deliverMailMessage,
  queueNewBookingConfirmation,
  queueReminderMail,
  queueTeamInvitation,
  sendBookingLink,
  sendInvoice,
} from './mail.service.ts';
