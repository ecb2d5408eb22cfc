// The signed guest registration form a portal check-in returns and stores: the Austrian Gästeblatt
// (MeldeV Anlage A), the German Meldeschein (BMG §30, when a guest is not German) or a plain
// registration form. Drawn like the invoice PDF: pdfkit with the embedded DejaVu Sans.

import PDFDocument from 'pdfkit';
import { loadFonts } from '../pdf-fonts.ts';
import type { TAddress, TRegistrationFormKind } from '@pms/contract';

export type TRegistrationFormGuest = {
  name: string;
  gender: string;
  dateOfBirth: string | null;
  nationality: string | null;
  address: TAddress;
  documentType: string | null;
  documentNumber: string | null;
  documentIssueDate: string | null;
  documentIssuingAuthority: string | null;
  isFamilyMember: boolean;
};

export type TRegistrationFormDocument = {
  kind: TRegistrationFormKind;
  property: { name: string; address: TAddress };
  booking: { code: string; checkIn: string; checkOut: string; roomNumber: string | null };
  guests: TRegistrationFormGuest[];
  /** The signature as PNG or JPEG. */
  signature: Buffer;
  signedAt: Date;
  timeZone: string;
};

const titles: Record<TRegistrationFormKind, string> = {
  gaesteblatt: 'Gästeblatt / Guest registration (MeldeV Anlage A)',
  meldeschein: 'Meldeschein / Registration form (BMG §§ 29–30)',
  registration: 'Anmeldung / Guest registration',
};

const documentTypes: Record<string, string> = {
  passport: 'Reisepass / Passport',
  id_card: 'Personalausweis / ID card',
  other: 'Sonstiges / Other',
};

const genders: Record<string, string> = {
  male: 'männlich / male',
  female: 'weiblich / female',
  unspecified: '–',
};

function formatDate(iso: string | null): string {
  if (!iso) return '–';
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

function countryName(code: string | null | undefined): string {
  if (!code) return '–';
  const names = new Intl.DisplayNames(['de'], { type: 'region' });
  return names.of(code.toUpperCase()) ?? code;
}

function addressText(address: TAddress): string {
  const city = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [address.line1, address.line2, city, address.country ? countryName(address.country) : null]
    .filter((part): part is string => !!part)
    .join(', ');
}

/** Renders the registration form of one stay, one block per guest, signed at the end. */
export function renderRegistrationPdf(doc: TRegistrationFormDocument): Promise<Buffer> {
  const title = titles[doc.kind];
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: 'de',
    displayTitle: true,
    info: {
      Title: `${title} ${doc.booking.code}`,
      Author: doc.property.name,
      Creator: doc.property.name,
      CreationDate: doc.signedAt,
      ModDate: doc.signedAt,
    },
  });
  const { regular, bold } = loadFonts();
  pdf.registerFont('regular', regular);
  pdf.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = 50;
  const width = pdf.page.width - 100;
  pdf.font('bold').fontSize(13).text(doc.property.name, left, 50, { width, align: 'right' });
  pdf.font('regular').fontSize(9).text(addressText(doc.property.address), { width, align: 'right' });
  pdf.moveDown(2);
  pdf.font('bold').fontSize(15).text(title, left, pdf.y, { width });
  pdf.moveDown(0.5);
  const row = (label: string, value: string) => {
    const y = pdf.y;
    pdf.font('regular').fontSize(9).fillColor('#555555').text(label, left, y, { width: 190 });
    const labelBottom = pdf.y;
    pdf
      .fillColor('black')
      .fontSize(10)
      .text(value, left + 195, y, { width: width - 195 });
    pdf.y = Math.max(pdf.y, labelBottom) + 2;
  };
  row('Buchung / Booking', doc.booking.code);
  row('Ankunft / Arrival', formatDate(doc.booking.checkIn));
  row('Abreise / Departure', formatDate(doc.booking.checkOut));
  if (doc.booking.roomNumber) row('Zimmer / Room', doc.booking.roomNumber);

  doc.guests.forEach((guest, index) => {
    if (pdf.y > pdf.page.height - 250) pdf.addPage();
    pdf.moveDown(1);
    const heading = guest.isFamilyMember
      ? `Gast ${index + 1} / Guest ${index + 1} (Familienangehörige/r / family member)`
      : `Gast ${index + 1} / Guest ${index + 1}`;
    pdf.font('bold').fontSize(11).text(heading, left, pdf.y, { width });
    pdf.moveDown(0.3);
    row('Name', guest.name);
    row('Geburtsdatum / Date of birth', formatDate(guest.dateOfBirth));
    if (guest.isFamilyMember) return;
    if (doc.kind === 'gaesteblatt') row('Geschlecht / Sex', genders[guest.gender] ?? guest.gender);
    row('Staatsangehörigkeit / Nationality', countryName(guest.nationality));
    if (doc.kind === 'gaesteblatt')
      row('Herkunftsland / Country of origin', countryName(guest.address.country));
    row('Wohnadresse / Address', addressText(guest.address) || '–');
    if (guest.documentType || guest.documentNumber) {
      row(
        'Reisedokument / Travel document',
        [guest.documentType ? documentTypes[guest.documentType] : null, guest.documentNumber]
          .filter(Boolean)
          .join(', '),
      );
      if (guest.documentIssueDate || guest.documentIssuingAuthority)
        row(
          'Ausgestellt / Issued',
          [formatDate(guest.documentIssueDate), guest.documentIssuingAuthority].filter(Boolean).join(', '),
        );
    }
  });

  if (pdf.y > pdf.page.height - 200) pdf.addPage();
  pdf.moveDown(2);
  const signedAt = new Intl.DateTimeFormat('de-AT', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: doc.timeZone,
  }).format(doc.signedAt);
  pdf.font('regular').fontSize(9).text(`Unterschrift / Signature (${signedAt})`, left, pdf.y, { width });
  pdf.image(doc.signature, left, pdf.y + 4, { fit: [220, 90] });
  pdf
    .moveTo(left, pdf.y + 100)
    .lineTo(left + 240, pdf.y + 100)
    .lineWidth(0.5)
    .stroke();
  pdf.end();
  return done;
}
