import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import { isDatevTaxCode, type TAccountingPosting } from '@pms/contract';
import { AppError } from '../../errors.ts';

/**
 * The column names of a DATEV Buchungsstapel, format version 13: 125 columns, as DATEV's format
 * description and sample files name them (line 2 of the file). The importer reads them by position.
 */
export const datevColumns = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...Array.from({ length: 8 }, (_, i) => [`Beleginfo - Art ${i + 1}`, `Beleginfo - Inhalt ${i + 1}`]).flat(),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...Array.from({ length: 20 }, (_, i) => [
    `Zusatzinformation - Art ${i + 1}`,
    `Zusatzinformation- Inhalt ${i + 1}`,
  ]).flat(),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Land (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Land u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
] as const;

/** The first day of the fiscal year a date falls in, for a fiscal year starting with `startMonth`. */
export function fiscalYearStart(date: string, startMonth: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const startYear = month >= startMonth ? year : year - 1;
  return `${startYear}-${String(startMonth).padStart(2, '0')}-01`;
}

/**
 * The start of the one fiscal year a period lies in; a period that reaches into a second one is
 * refused, as DATEV takes one batch per fiscal year.
 */
export function fiscalYearOfPeriod(from: string, to: string, startMonth: number): string {
  const start = fiscalYearStart(from, startMonth);
  if (fiscalYearStart(to, startMonth) !== start)
    throw new AppError(
      'report/period_spans_fiscal_years',
      `the fiscal year starting ${start} ends before ${to}`,
      { fiscalYearStart: start },
    );
  return start;
}

/** A value written without quotes: numbers, dates and amounts. Strings are text and go in quotes. */
class Plain {
  constructor(readonly value: string) {}
}
const plain = (value: string | number) => new Plain(String(value));
type TField = string | Plain | undefined;

/** Cents as DATEV's amount: positive, decimal comma, two decimals, no thousands separator. */
export function datevAmount(cents: number): string {
  const magnitude = Math.abs(cents);
  return `${Math.floor(magnitude / 100)},${String(magnitude % 100).padStart(2, '0')}`;
}

const compactDate = (date: string) => date.replaceAll('-', '');

/** Text as DATEV takes it: no control characters (line breaks become spaces), at most `max` characters. */
function datevText(text: string, max: number): string {
  return text
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, max);
}

/** Belegfeld 1 takes letters, digits and $ % & * + - / only, at most 36 characters. */
function datevDocumentNumber(number: string): string {
  return number.replace(/[^A-Za-z0-9$%&*+\-/]/g, '').slice(0, 36);
}

export type TDatevBatch = {
  /** Local time of the export: YYYYMMDDHHMMSSmmm as DATEV wants it in the header. */
  createdAt: string;
  adviserNumber: number;
  clientNumber: number;
  fiscalYearStart: string;
  accountLength: number;
  from: string;
  to: string;
  label: string;
  currency: string;
  postings: readonly TAccountingPosting[];
};

/** The 31 fields of the header line (EXTF, header version 700, Buchungsstapel version 13). */
function headerFields(batch: TDatevBatch): TField[] {
  return [
    'EXTF', // 1 Kennzeichen: made by a program outside DATEV
    plain(700), // 2 Versionsnummer of the header
    plain(21), // 3 Formatkategorie: Buchungsstapel
    'Buchungsstapel', // 4 Formatname
    plain(13), // 5 Formatversion
    plain(batch.createdAt), // 6 Erzeugt am
    undefined, // 7 Importiert (DATEV's)
    'RE', // 8 Herkunft
    '', // 9 Exportiert von
    '', // 10 Importiert von
    plain(batch.adviserNumber), // 11 Beraternummer
    plain(batch.clientNumber), // 12 Mandantennummer
    plain(compactDate(batch.fiscalYearStart)), // 13 WJ-Beginn
    plain(batch.accountLength), // 14 Sachkontennummernlänge
    plain(compactDate(batch.from)), // 15 Datum vom
    plain(compactDate(batch.to)), // 16 Datum bis
    datevText(batch.label, 30), // 17 Bezeichnung
    '', // 18 Diktatkürzel
    plain(1), // 19 Buchungstyp: Finanzbuchführung
    plain(0), // 20 Rechnungslegungszweck: independent of it
    plain(0), // 21 Festschreibung: none, the adviser reviews first
    batch.currency, // 22 WKZ
    undefined, // 23 reserved
    '', // 24 Derivatskennzeichen
    undefined, // 25 reserved
    undefined, // 26 reserved
    '', // 27 Sachkontenrahmen
    undefined, // 28 ID der Branchenlösung
    undefined, // 29 reserved
    '', // 30 reserved
    '', // 31 Anwendungsinformation
  ];
}

/** One booking line: the amount positive with S or H for the account, Belegdatum as TTMM. */
function postingFields(posting: TAccountingPosting, currency: string): TField[] {
  const fields: TField[] = new Array<TField>(datevColumns.length).fill(undefined);
  fields[0] = plain(datevAmount(posting.amount));
  fields[1] = posting.amount >= 0 ? 'S' : 'H';
  fields[2] = currency;
  fields[6] = plain(posting.account);
  fields[7] = plain(posting.contraAccount);
  fields[8] = posting.taxCode ?? '';
  fields[9] = plain(`${posting.date.slice(8, 10)}${posting.date.slice(5, 7)}`);
  fields[10] = datevDocumentNumber(posting.documentNumber);
  fields[13] = datevText(posting.text, 60);
  return fields;
}

/** The Buchungsstapel as text: header, column names and one line per posting, CRLF after each. */
export function renderDatevText(batch: TDatevBatch): string {
  const records = [
    headerFields(batch),
    datevColumns.map((name) => plain(name)),
    ...batch.postings.map((posting) => postingFields(posting, batch.currency)),
  ];
  return stringify(records, {
    delimiter: ';',
    record_delimiter: '\r\n',
    quoted_string: true,
    cast: { object: (value) => (value instanceof Plain ? value.value : '') },
  });
}

/** The Buchungsstapel file as DATEV reads it: Windows-1252. */
export function renderDatevFile(batch: TDatevBatch): Buffer {
  return iconv.encode(renderDatevText(batch), 'win1252');
}

/**
 * The revenue postings DATEV would refuse for their tax key (BU-Schlüssel): a key that is not a number
 * of one to four digits, or none on a VAT-bearing rate. A rate of 0 % (the local tax, exempt sales)
 * may go without one. Each named by invoice, account, rate and key.
 */
export function datevTaxCodeProblems(
  postings: readonly TAccountingPosting[],
): { path: string; message: string }[] {
  return postings
    .filter(
      (posting) =>
        posting.kind === 'revenue' &&
        (posting.taxCode ? !isDatevTaxCode(posting.taxCode) : (posting.taxBasisPoints ?? 0) > 0),
    )
    .map((posting) => ({
      path: `invoice/${posting.documentNumber}`,
      message:
        `account ${posting.contraAccount || '(none)'}, tax rate ${(posting.taxBasisPoints ?? 0) / 100} %, ` +
        `tax key ${posting.taxCode ? `"${posting.taxCode}"` : '(none)'}`,
    }));
}
