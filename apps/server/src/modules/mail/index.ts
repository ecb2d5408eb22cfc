// The public surface of the mail module: what other modules and the platform use from it.
export { formatMailDate } from './mail-texts.ts';
export { queueNewBookingConfirmation, sendBookingLink } from './mail-booking.service.ts';
export { deliverMailMessage } from './mail-delivery.service.ts';
export { queueTeamInvitation } from './mail-invitation.service.ts';
export { queueReminderMail, sendInvoice } from './mail-invoice.service.ts';
export { queueReceiptMail, receiptRecipient } from './mail-receipt.service.ts';
