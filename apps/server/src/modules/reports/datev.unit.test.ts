import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { TAccountingPosting } from '@pms/contract';
import { AppError } from '../../errors.ts';
import { toAccountingPostings } from './accounting-postings.ts';
import {
  datevAmount,
  datevColumns,
  datevTaxCodeProblems,
  fiscalYearOfPeriod,
  fiscalYearStart,
  renderDatevFile,
  type TDatevBatch,
} from './datev.ts';

/** January 2026: one invoice of 240,00 at 7 % and 120,00 at 19 %, paid in cash the same day. */
const january: TDatevBatch = {
  createdAt: '20260201093000000',
  adviserNumber: 1001,
  clientNumber: 12345,
  fiscalYearStart: '2026-01-01',
  accountLength: 4,
  from: '2026-01-01',
  to: '2026-01-31',
  label: 'PMS 2026-01-01 bis 2026-01-31',
  currency: 'EUR',
  postings: toAccountingPostings(
    [
      {
        number: 'RE-1',
        date: '2026-01-05',
        recipient: 'Müller GmbH',
        isCancellation: false,
        accountNumber: '8300',
        taxCode: '2',
        taxBasisPoints: 700,
        grossAmount: 24000,
      },
      {
        number: 'RE-1',
        date: '2026-01-05',
        recipient: 'Müller GmbH',
        isCancellation: false,
        accountNumber: '8400',
        taxCode: '3',
        taxBasisPoints: 1900,
        grossAmount: 12000,
      },
    ],
    [
      {
        paidOn: '2026-01-05',
        amount: 36000,
        reference: null,
        methodName: 'Bar',
        methodText: 'Barzahlung',
        accountNumber: '1000',
        invoiceNumber: 'RE-1',
      },
    ],
    '10000',
  ),
};

const golden = new URL('./datev-golden.csv', import.meta.url);

describe('DATEV Buchungsstapel', () => {
  const file = renderDatevFile(january);
  const lines = iconv.decode(file, 'win1252').split('\r\n');

  it('matches the golden file byte for byte (Windows-1252, CRLF)', () => {
    expect(file.equals(readFileSync(golden))).toBe(true);
  });

  it('writes the 31 header fields, the 125 column names and one line per booking', () => {
    expect(lines).toHaveLength(6);
    expect(lines.at(-1)).toBe('');
    const header = lines[0]!.split(';');
    expect(header).toHaveLength(31);
    expect(header.slice(0, 6)).toEqual([
      '"EXTF"',
      '700',
      '21',
      '"Buchungsstapel"',
      '13',
      '20260201093000000',
    ]);
    expect(header.slice(10, 16)).toEqual(['1001', '12345', '20260101', '4', '20260101', '20260131']);
    expect(header[21]).toBe('"EUR"');
    expect(lines[1]!.split(';')).toEqual([...datevColumns]);
    expect(datevColumns).toHaveLength(125);
    for (const line of lines.slice(2, 5)) expect(line.split(';')).toHaveLength(125);
  });

  it('books the revenue per tax rate with its account and tax code, and the cash payment', () => {
    const fields = lines.slice(2, 5).map((line) => line.split(';').slice(0, 14));
    expect(fields).toEqual([
      [
        '240,00',
        '"S"',
        '"EUR"',
        '',
        '',
        '',
        '10000',
        '8300',
        '"2"',
        '0501',
        '"RE-1"',
        '',
        '',
        '"Rechnung RE-1 Müller GmbH"',
      ],
      [
        '120,00',
        '"S"',
        '"EUR"',
        '',
        '',
        '',
        '10000',
        '8400',
        '"3"',
        '0501',
        '"RE-1"',
        '',
        '',
        '"Rechnung RE-1 Müller GmbH"',
      ],
      ['360,00', '"S"', '"EUR"', '', '', '', '1000', '10000', '""', '0501', '"RE-1"', '', '', '"Barzahlung"'],
    ]);
    // The umlaut is one Windows-1252 byte, not two UTF-8 bytes.
    expect(file.includes(Buffer.from([0xfc]))).toBe(true);
    expect(file.includes(Buffer.from('ü', 'utf8'))).toBe(false);
  });

  it('writes a cancellation or refund as a positive amount on the other side', () => {
    const [posting] = toAccountingPostings(
      [
        {
          number: 'RE-2',
          date: '2026-01-06',
          recipient: 'Gast "Quote"; Semikolon',
          isCancellation: true,
          accountNumber: '8300',
          taxCode: '2',
          taxBasisPoints: 700,
          grossAmount: -24000,
        },
      ],
      [],
      '10000',
    );
    const text = iconv.decode(renderDatevFile({ ...january, postings: [posting!] }), 'win1252');
    const line = text.split('\r\n')[2]!;
    expect(
      line.startsWith(
        '240,00;"H";"EUR";;;;10000;8300;"2";0601;"RE-2";;;"Storno RE-2 Gast ""Quote""; Semikolon"',
      ),
    ).toBe(true);
  });

  it('formats amounts with a decimal comma and no sign', () => {
    expect(datevAmount(0)).toBe('0,00');
    expect(datevAmount(5)).toBe('0,05');
    expect(datevAmount(-123456)).toBe('1234,56');
  });
});

describe('fiscal years', () => {
  it('starts the fiscal year in its month', () => {
    expect(fiscalYearStart('2026-05-31', 1)).toBe('2026-01-01');
    expect(fiscalYearStart('2026-05-31', 7)).toBe('2025-07-01');
    expect(fiscalYearStart('2026-07-01', 7)).toBe('2026-07-01');
  });

  it('takes a period within one fiscal year', () => {
    expect(fiscalYearOfPeriod('2026-01-01', '2026-12-31', 1)).toBe('2026-01-01');
    expect(fiscalYearOfPeriod('2025-07-01', '2026-06-30', 7)).toBe('2025-07-01');
  });

  it('refuses a period that spans two fiscal years', () => {
    const refusal = (() => {
      try {
        fiscalYearOfPeriod('2025-12-01', '2026-01-31', 1);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('report/period_spans_fiscal_years');
    expect((refusal as AppError).status).toBe(400);
    expect(() => fiscalYearOfPeriod('2026-06-01', '2026-07-31', 7)).toThrow(AppError);
  });
});

describe('datevTaxCodeProblems', () => {
  const revenue = (taxCode: string | null, taxBasisPoints: number): TAccountingPosting => ({
    kind: 'revenue',
    date: '2026-03-04',
    documentNumber: 'RE-7',
    text: 'Rechnung RE-7',
    account: '10000',
    contraAccount: '8400',
    taxCode,
    taxBasisPoints,
    amount: 11900,
  });

  it('accepts numeric keys, and no key on a rate of 0 % or on a payment', () => {
    expect(
      datevTaxCodeProblems([
        revenue('3', 1900),
        revenue('1009', 1900),
        revenue(null, 0),
        { ...revenue(null, 0), kind: 'payment', taxBasisPoints: null },
      ]),
    ).toEqual([]);
  });

  it('names a letter, a key too long and a VAT rate without a key by invoice, account and rate', () => {
    expect(
      datevTaxCodeProblems([
        revenue('U', 1900),
        revenue('N', 700),
        revenue('12345', 1900),
        revenue(null, 700),
      ]),
    ).toEqual([
      { path: 'invoice/RE-7', message: 'account 8400, tax rate 19 %, tax key "U"' },
      { path: 'invoice/RE-7', message: 'account 8400, tax rate 7 %, tax key "N"' },
      { path: 'invoice/RE-7', message: 'account 8400, tax rate 19 %, tax key "12345"' },
      { path: 'invoice/RE-7', message: 'account 8400, tax rate 7 %, tax key (none)' },
    ]);
  });
});
