import {
  addDays,
  defaultAccountingSettings,
  todayIn,
  zonedInstant,
  type TAccountingExport,
  type TAccountingExportQuery,
  type TGuestStatistics,
  type TGuestStatisticsQuery,
  type TItemsReport,
  type TItemsReportQuery,
} from '@pms/contract';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findProperty } from '../../lib/properties.ts';
import { toAccountingPostings } from './accounting-postings.ts';
import { datevTaxCodeProblems, fiscalYearOfPeriod, renderDatevFile } from './datev.ts';
import { countGuests } from './guest-statistics.ts';
import { itemsCsv, postingsCsv, statisticsCsv, type TCsvLanguage } from './report-csv.ts';
import {
  selectAccountingSettings,
  selectInvoiceRevenue,
  selectItemTotals,
  selectPaymentPostings,
  selectStayGuests,
} from './reports.queries.ts';

/** A report as a file to download. */
export type TReportFile = { fileName: string; contentType: string; content: Buffer };

/** CSV headings in the caller's language (German unless an English-speaking user asks). */
export function csvLanguageOf(actor: TActor): TCsvLanguage {
  return actor.kind === 'user' && actor.language === 'en' ? 'en' : 'de';
}

export const csvType = 'text/csv; charset=utf-8';

/** The charges of a period per item type and item (and room), with quantity, net, tax and gross. */
export async function getItemsReport(
  ctx: AppContext,
  actor: TActor,
  query: TItemsReportQuery,
): Promise<TItemsReport> {
  requireAccess(actor, 'reports', 'read');
  const rows = await selectItemTotals(ctx.db, actor.propertyId, query);
  const report: TItemsReport = {
    from: query.from,
    to: query.to,
    groupByRoom: query.groupByRoom,
    rows: rows.map((row) => ({
      roomNumber: row.roomNumber ?? null,
      itemType: row.itemType,
      itemId: row.itemId,
      itemName: row.itemName,
      quantity: Number(row.quantity),
      netAmount: Number(row.netAmount),
      taxAmount: Number(row.taxAmount),
      grossAmount: Number(row.grossAmount),
    })),
    totals: { quantity: 0, netAmount: 0, taxAmount: 0, grossAmount: 0 },
  };
  for (const row of report.rows) {
    report.totals.quantity += row.quantity;
    report.totals.netAmount += row.netAmount;
    report.totals.taxAmount += row.taxAmount;
    report.totals.grossAmount += row.grossAmount;
  }
  return report;
}

export async function getItemsReportFile(
  ctx: AppContext,
  actor: TActor,
  query: TItemsReportQuery,
): Promise<TReportFile> {
  const report = await getItemsReport(ctx, actor, query);
  return {
    fileName: `items_${query.from}_${query.to}.csv`,
    contentType: csvType,
    content: itemsCsv(report, csvLanguageOf(actor)),
  };
}

/** The postings of the invoices issued and the payments made in a period. */
export async function getAccountingExport(
  ctx: AppContext,
  actor: TActor,
  query: Pick<TAccountingExportQuery, 'from' | 'to'>,
): Promise<TAccountingExport> {
  requireAccess(actor, 'reports', 'read');
  const { db } = ctx;
  const [property, settings] = await Promise.all([
    findProperty(db, actor.propertyId),
    selectAccountingSettings(db, actor.propertyId),
  ]);
  const { timeZone } = property;
  const since = zonedInstant(query.from, '00:00', timeZone);
  const until = zonedInstant(addDays(query.to, 1), '00:00', timeZone);
  const [revenue, paymentRows] = await Promise.all([
    selectInvoiceRevenue(db, actor.propertyId, since, until),
    selectPaymentPostings(db, actor.propertyId, query.from, query.to),
  ]);
  const postings = toAccountingPostings(
    revenue.map((row) => ({
      number: row.number,
      date: todayIn(timeZone, row.issuedAt!),
      recipient: row.recipient,
      isCancellation: row.cancels !== null,
      accountNumber: row.accountNumber,
      taxCode: row.taxCode,
      taxBasisPoints: row.taxBasisPoints,
      grossAmount: Number(row.grossAmount),
    })),
    paymentRows,
    (settings ?? defaultAccountingSettings).receivablesAccount,
  );
  return { from: query.from, to: query.to, postings };
}

/** The local time of an instant as DATEV's header wants it: YYYYMMDDHHMMSSmmm. */
function datevTimestamp(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const millis = String(instant.getUTCMilliseconds()).padStart(3, '0');
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}${millis}`;
}

/**
 * The accounting export as a file: a DATEV Buchungsstapel (Windows-1252, one fiscal year, the
 * adviser's and client's numbers required) or a plain CSV of the same postings.
 */
export async function getAccountingExportFile(
  ctx: AppContext,
  actor: TActor,
  query: TAccountingExportQuery,
): Promise<TReportFile> {
  requireAccess(actor, 'reports', 'read');
  if (query.format !== 'datev') {
    const { postings } = await getAccountingExport(ctx, actor, query);
    return {
      fileName: `postings_${query.from}_${query.to}.csv`,
      contentType: csvType,
      content: postingsCsv(postings, csvLanguageOf(actor)),
    };
  }
  const { db } = ctx;
  const [property, row] = await Promise.all([
    findProperty(db, actor.propertyId),
    selectAccountingSettings(db, actor.propertyId),
  ]);
  const settings = row ?? defaultAccountingSettings;
  const fiscalYearStart = fiscalYearOfPeriod(query.from, query.to, settings.fiscalYearStartMonth);
  if (settings.adviserNumber === null || settings.clientNumber === null)
    throw new AppError('report/accounting_settings_incomplete', 'set the adviser and client numbers first');
  const { postings } = await getAccountingExport(ctx, actor, query);
  // DATEV refuses the whole file for one bad tax key: name the invoices instead of writing it.
  const problems = datevTaxCodeProblems(postings);
  if (problems.length > 0) {
    throw new AppError(
      'report/datev_tax_code_invalid',
      problems.map((problem) => `${problem.path}: ${problem.message}`).join('; '),
      { count: problems.length },
      problems,
    );
  }
  const content = renderDatevFile({
    createdAt: datevTimestamp(ctx.clock.now(), property.timeZone),
    adviserNumber: settings.adviserNumber,
    clientNumber: settings.clientNumber,
    fiscalYearStart,
    accountLength: settings.accountLength,
    from: query.from,
    to: query.to,
    label: `PMS ${query.from} bis ${query.to}`,
    currency: property.currency,
    postings,
  });
  return {
    fileName: `EXTF_Buchungsstapel_${query.from}_${query.to}.csv`,
    contentType: 'text/csv; charset=windows-1252',
    content,
  };
}

/** Arrivals and overnight stays per country of residence for a period. */
export async function getGuestStatistics(
  ctx: AppContext,
  actor: TActor,
  query: Pick<TGuestStatisticsQuery, 'from' | 'to'>,
): Promise<TGuestStatistics> {
  requireAccess(actor, 'reports', 'read');
  const guests = await selectStayGuests(ctx.db, actor.propertyId, query.from, query.to);
  return { from: query.from, to: query.to, ...countGuests(query.from, query.to, guests) };
}

export async function getGuestStatisticsFile(
  ctx: AppContext,
  actor: TActor,
  query: TGuestStatisticsQuery,
): Promise<TReportFile> {
  const statistics = await getGuestStatistics(ctx, actor, query);
  return {
    fileName: `guest-statistics_${query.from}_${query.to}.csv`,
    contentType: csvType,
    content: statisticsCsv(statistics, csvLanguageOf(actor)),
  };
}
