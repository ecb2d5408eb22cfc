import { stringify } from 'csv-stringify/sync';
import type { TAccountingPosting, TGuestStatistics, TItemsReport, TLevyReport } from '@pms/contract';

export type TCsvLanguage = 'de' | 'en';

const headings = {
  de: {
    items: ['Zimmer', 'Artikelart', 'Artikel', 'Menge', 'Netto', 'Steuer', 'Brutto'],
    total: 'Summe',
    postings: [
      'Datum',
      'Art',
      'Beleg',
      'Text',
      'Konto',
      'Gegenkonto',
      'Steuerschlüssel',
      'Steuersatz',
      'Betrag',
    ],
    kinds: { revenue: 'Erlös', payment: 'Zahlung' },
    statistics: ['Land', 'Quelle', 'Ankünfte', 'Übernachtungen'],
    sources: { address: 'Wohnsitz', nationality: 'Staatsangehörigkeit', unknown: 'unbekannt' },
    levies: [
      'Monat',
      'Abgabe',
      'Nächte',
      'Personennächte',
      'Befreite Personennächte',
      'Befreit nach Grund',
      'Bemessungsgrundlage',
      'Betrag',
    ],
    exemptions: {
      age: 'Alter',
      work_stay: 'Arbeitsaufenthalt',
      night_cap: 'Höchstdauer',
      reason: 'Grund',
      no_rule: 'keine Regel',
    },
  },
  en: {
    items: ['Room', 'Item type', 'Item', 'Quantity', 'Net', 'Tax', 'Gross'],
    total: 'Total',
    postings: [
      'Date',
      'Kind',
      'Document',
      'Text',
      'Account',
      'Contra account',
      'Tax code',
      'Tax rate',
      'Amount',
    ],
    kinds: { revenue: 'Revenue', payment: 'Payment' },
    statistics: ['Country', 'Source', 'Arrivals', 'Overnight stays'],
    sources: { address: 'Residence', nationality: 'Nationality', unknown: 'unknown' },
    levies: [
      'Month',
      'Levy',
      'Nights',
      'Person-nights',
      'Exempt person-nights',
      'Exempt by reason',
      'Base',
      'Amount',
    ],
    exemptions: {
      age: 'Age',
      work_stay: 'Work stay',
      night_cap: 'Night cap',
      reason: 'Reason',
      no_rule: 'no rule',
    },
  },
} as const;

/** Cents with a decimal comma and a minus sign where negative, as German spreadsheets read them. */
export function csvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)},${String(magnitude % 100).padStart(2, '0')}`;
}

/** A tax rate in basis points as a percentage with a decimal comma (700 is 7, 1050 is 10,5). */
function percent(basisPoints: number | null): string {
  return basisPoints === null ? '' : String(basisPoints / 100).replace('.', ',');
}

/**
 * Free text (a name, a booking text) that a spreadsheet would run as a formula, because it starts
 * with =, +, -, @ or a tab, gets an apostrophe in front; amounts are not text and keep their sign.
 */
export function csvText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A CSV file for spreadsheets: UTF-8 with a byte order mark, semicolons, CRLF, quotes where needed. */
export function renderCsv(rows: readonly (readonly (string | number)[])[]): Buffer {
  const text = stringify(
    rows.map((row) => row.map(String)),
    // A line break inside a cell must be quoted too, though the records end with CRLF.
    { delimiter: ';', record_delimiter: '\r\n', bom: true, quoted_match: /[\r\n]/ },
  );
  return Buffer.from(text, 'utf8');
}

export function itemsCsv(report: TItemsReport, language: TCsvLanguage): Buffer {
  const words = headings[language];
  return renderCsv([
    words.items,
    ...report.rows.map((row) => [
      csvText(row.roomNumber ?? ''),
      row.itemType ?? '',
      csvText(row.itemName),
      row.quantity,
      csvAmount(row.netAmount),
      csvAmount(row.taxAmount),
      csvAmount(row.grossAmount),
    ]),
    [
      words.total,
      '',
      '',
      report.totals.quantity,
      csvAmount(report.totals.netAmount),
      csvAmount(report.totals.taxAmount),
      csvAmount(report.totals.grossAmount),
    ],
  ]);
}

export function postingsCsv(postings: readonly TAccountingPosting[], language: TCsvLanguage): Buffer {
  const words = headings[language];
  return renderCsv([
    words.postings,
    ...postings.map((posting) => [
      posting.date,
      words.kinds[posting.kind],
      csvText(posting.documentNumber),
      csvText(posting.text),
      posting.account,
      posting.contraAccount,
      posting.taxCode ?? '',
      percent(posting.taxBasisPoints),
      csvAmount(posting.amount),
    ]),
  ]);
}

export function statisticsCsv(statistics: TGuestStatistics, language: TCsvLanguage): Buffer {
  const words = headings[language];
  return renderCsv([
    words.statistics,
    ...statistics.rows.map((row) => [
      row.country ?? '',
      words.sources[row.source],
      row.arrivals,
      row.overnightStays,
    ]),
    [words.total, '', statistics.totals.arrivals, statistics.totals.overnightStays],
  ]);
}

/** The levy report for the town's monthly return: a line per month and levy, exemptions by reason in one cell. */
export function levyCsv(report: TLevyReport, language: TCsvLanguage): Buffer {
  const words = headings[language];
  return renderCsv([
    words.levies,
    ...report.rows.map((row) => [
      row.month,
      csvText(row.levyName),
      row.nights,
      row.persons,
      row.exempt.reduce((sum, entry) => sum + entry.nights, 0),
      csvText(
        row.exempt
          .map((entry) => `${entry.reason ?? words.exemptions[entry.exemption]}: ${entry.nights}`)
          .join(', '),
      ),
      csvAmount(row.baseAmount),
      csvAmount(row.amount),
    ]),
  ]);
}
