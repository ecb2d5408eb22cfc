import { formatMoney, localeOf, type TLanguage, type TMailKind, type TRole } from '@pms/contract';

type TTemplateText = { subject: string; text: string };

/** The built-in texts, used while a property has saved none of its own. */
export const defaultTemplates: Record<TMailKind, Record<TLanguage, TTemplateText>> = {
  link: {
    de: {
      subject: 'Ihr Aufenthalt im {propertyName}',
      text:
        'Guten Tag {guestName},\n\n' +
        'hier können Sie Ihren Aufenthalt vom {checkIn} bis {checkOut} (Buchung {bookingCode}) vorbereiten:\n' +
        '{link}\n\nWir freuen uns auf Sie!\n{propertyName}',
    },
    en: {
      subject: 'Your stay at {propertyName}',
      text:
        'Dear {guestName},\n\n' +
        'you can prepare your stay from {checkIn} to {checkOut} (booking {bookingCode}) here:\n' +
        '{link}\n\nWe look forward to welcoming you!\n{propertyName}',
    },
  },
  confirmation: {
    de: {
      subject: 'Buchungsbestätigung {bookingCode}',
      text:
        'Guten Tag {guestName},\n\n' +
        'vielen Dank für Ihre Buchung. Wir bestätigen Ihren Aufenthalt vom {checkIn} bis {checkOut} ' +
        '(Buchung {bookingCode}).\n\nIhren Aufenthalt können Sie hier vorbereiten: {link}\n\n' +
        'Wir freuen uns auf Sie!\n{propertyName}',
    },
    en: {
      subject: 'Booking confirmation {bookingCode}',
      text:
        'Dear {guestName},\n\n' +
        'thank you for your booking. We confirm your stay from {checkIn} to {checkOut} ' +
        '(booking {bookingCode}).\n\nYou can prepare your stay here: {link}\n\n' +
        'We look forward to welcoming you!\n{propertyName}',
    },
  },
  invoice: {
    de: {
      subject: 'Ihre Rechnung {invoiceNumber}',
      text:
        'Guten Tag {guestName},\n\n' +
        'anbei erhalten Sie die Rechnung {invoiceNumber} über {invoiceAmount} für Ihren Aufenthalt ' +
        'vom {checkIn} bis {checkOut}.\n\nVielen Dank für Ihren Besuch!\n{propertyName}',
    },
    en: {
      subject: 'Your invoice {invoiceNumber}',
      text:
        'Dear {guestName},\n\n' +
        'please find attached invoice {invoiceNumber} of {invoiceAmount} for your stay ' +
        'from {checkIn} to {checkOut}.\n\nThank you for staying with us!\n{propertyName}',
    },
  },
  reminder: {
    de: {
      subject: 'Zahlungserinnerung zur Rechnung {invoiceNumber}',
      text:
        'Guten Tag {guestName},\n\n' +
        'sicher ist es Ihrer Aufmerksamkeit entgangen: Unsere Rechnung {invoiceNumber} vom {invoiceDate} ' +
        'über {invoiceAmount} war am {dueDate} fällig, offen sind noch {dueAmount}.\n\n' +
        'Bitte überweisen Sie den Betrag bis {payBy}. Die Zahlungserinnerung und die Rechnung finden Sie im Anhang. ' +
        'Haben Sie inzwischen bezahlt, betrachten Sie dieses Schreiben bitte als gegenstandslos.\n\n' +
        'Mit freundlichen Grüßen\n{propertyName}',
    },
    en: {
      subject: 'Payment reminder for invoice {invoiceNumber}',
      text:
        'Dear {guestName},\n\n' +
        'this may have escaped your attention: our invoice {invoiceNumber} of {invoiceDate} ' +
        'for {invoiceAmount} was due on {dueDate}, and {dueAmount} is still open.\n\n' +
        'Please transfer the amount by {payBy}. The reminder and the invoice are attached. ' +
        'If you have paid in the meantime, please disregard this letter.\n\n' +
        'Kind regards\n{propertyName}',
    },
  },
  dunning: {
    de: {
      subject: 'Mahnung zur Rechnung {invoiceNumber}',
      text:
        'Guten Tag {guestName},\n\n' +
        'trotz unserer Zahlungserinnerung ist unsere Rechnung {invoiceNumber} vom {invoiceDate}, ' +
        'fällig am {dueDate}, noch nicht bezahlt: offen sind {dueAmount}.\n\n' +
        'Wir bitten Sie, den Betrag bis spätestens {payBy} zu überweisen. Die Mahnung und die Rechnung finden Sie im Anhang. ' +
        'Haben Sie inzwischen bezahlt, betrachten Sie dieses Schreiben bitte als gegenstandslos.\n\n' +
        'Mit freundlichen Grüßen\n{propertyName}',
    },
    en: {
      subject: 'Final reminder for invoice {invoiceNumber}',
      text:
        'Dear {guestName},\n\n' +
        'despite our payment reminder, our invoice {invoiceNumber} of {invoiceDate}, ' +
        'due on {dueDate}, has not been paid: {dueAmount} is still open.\n\n' +
        'Please transfer the amount by {payBy} at the latest. The reminder and the invoice are attached. ' +
        'If you have paid in the meantime, please disregard this letter.\n\n' +
        'Kind regards\n{propertyName}',
    },
  },
  receipt: {
    de: {
      subject: 'Ihr Beleg Nr. {receiptNumber} – {propertyName}',
      text:
        'Guten Tag,\n\n' +
        'anbei erhalten Sie Ihren Beleg Nr. {receiptNumber} vom {receiptDate} über {receiptAmount}.\n\n' +
        'Vielen Dank und freundliche Grüße\n{propertyName}',
    },
    en: {
      subject: 'Your receipt no. {receiptNumber} – {propertyName}',
      text:
        'Hello,\n\n' +
        'please find attached your receipt no. {receiptNumber} of {receiptDate} for {receiptAmount}.\n\n' +
        'Thank you and kind regards\n{propertyName}',
    },
  },
  team_invitation: {
    de: {
      subject: 'Einladung ins Team von {propertyName}',
      text:
        'Hallo,\n\n' +
        '{propertyName} lädt dich ein, mit deinem bestehenden Konto als {role} ins Team zu kommen. ' +
        'Wenn du das möchtest, melde dich an und nimm die Einladung bis {expiresOn} hier an:\n{link}\n\n' +
        'Ein vorläufiges Passwort, das du vielleicht bekommen hast, brauchst du nicht: Es gilt dein eigenes. ' +
        'Erwartest du diese Einladung nicht, ignoriere diese E-Mail; ohne deine Zustimmung ändert sich nichts.\n\n' +
        '{propertyName}',
    },
    en: {
      subject: 'Invitation to the team of {propertyName}',
      text:
        'Hello,\n\n' +
        '{propertyName} invites you to join its team as {role} with your existing account. ' +
        'If you want to, sign in and accept the invitation here by {expiresOn}:\n{link}\n\n' +
        'You do not need a temporary password you may have been given: your own password stays the one. ' +
        'If you do not expect this invitation, ignore this e-mail; nothing changes without your consent.\n\n' +
        '{propertyName}',
    },
  },
};

/** The roles as a team invitation names them. */
export const roleNames: Record<TLanguage, Record<TRole, string>> = {
  de: {
    admin: 'Administrator',
    manager: 'Manager',
    staff: 'Mitarbeiter',
    cleaning: 'Reinigung',
    catering: 'Gastronomie',
  },
  en: {
    admin: 'Administrator',
    manager: 'Manager',
    staff: 'Staff',
    cleaning: 'Cleaning',
    catering: 'Catering',
  },
};

/** The locale an e-mail's dates and amounts are written in: British English, or German as the property's country writes it. */
export function mailLocale(language: TLanguage, propertyCountry: string | null | undefined): string {
  return localeOf(language, propertyCountry);
}

/** A date (YYYY-MM-DD) written out in the locale: 1 March 2031, 1. März 2031. */
export function formatMailDate(isoDate: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

export function formatMailAmount(cents: number, currency: string, locale: string): string {
  return formatMoney(cents, currency, locale);
}
