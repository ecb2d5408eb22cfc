import { describe, expect, it } from 'vitest';
import { csvAmount, csvText, postingsCsv, renderCsv, statisticsCsv } from './report-csv.ts';

const bom = '\uFEFF';

describe('report CSV', () => {
  it('separates with semicolons, ends lines with CRLF and starts with a byte order mark', () => {
    expect(
      renderCsv([
        ['a', 'b'],
        [1, 2],
      ]).toString('utf8'),
    ).toBe(`${bom}a;b\r\n1;2\r\n`);
  });

  it('quotes cells holding a semicolon, a quote or a line break, doubling the quotes', () => {
    expect(renderCsv([['Zimmer; 1', 'Der "Blaue"', 'zwei\nZeilen']]).toString('utf8')).toBe(
      `${bom}"Zimmer; 1";"Der ""Blaue""";"zwei\nZeilen"\r\n`,
    );
  });

  it('defuses text a spreadsheet would run as a formula, but keeps negative amounts', () => {
    expect(csvText('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(csvText('+49 30')).toBe(`'+49 30`);
    expect(csvText('-Rabatt')).toBe(`'-Rabatt`);
    expect(csvText('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvText('Frühstück')).toBe('Frühstück');
    const file = postingsCsv(
      [
        {
          kind: 'revenue',
          date: '2026-01-05',
          documentNumber: 'RE-2',
          text: '=cmd|calc',
          account: '10000',
          contraAccount: '8300',
          taxCode: '2',
          taxBasisPoints: 700,
          amount: -24000,
        },
      ],
      'de',
    ).toString('utf8');
    expect(file.split('\r\n')[1]).toBe(`2026-01-05;Erlös;RE-2;'=cmd|calc;10000;8300;2;7;-240,00`);
  });

  it('writes amounts in cents with a decimal comma', () => {
    expect(csvAmount(0)).toBe('0,00');
    expect(csvAmount(1050)).toBe('10,50');
    expect(csvAmount(-7)).toBe('-0,07');
  });

  it('names the headings in the language asked for and adds a total', () => {
    const statistics = {
      from: '2026-01-01',
      to: '2026-01-31',
      rows: [{ country: 'AT', source: 'address' as const, arrivals: 2, overnightStays: 6 }],
      totals: { arrivals: 2, overnightStays: 6 },
    };
    expect(statisticsCsv(statistics, 'en').toString('utf8')).toBe(
      `${bom}Country;Source;Arrivals;Overnight stays\r\nAT;Residence;2;6\r\nTotal;;2;6\r\n`,
    );
    expect(statisticsCsv(statistics, 'de').toString('utf8').split('\r\n')[0]).toBe(
      `${bom}Land;Quelle;Ankünfte;Übernachtungen`,
    );
  });
});
