import type { TLevyReport, TLevyReportQuery, TLevyReportRow } from '@pms/contract';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { levyCsv } from './report-csv.ts';
import { csvLanguageOf, csvType, type TReportFile } from './reports.service.ts';
import { selectLevyCharges, selectLevyNames, selectLevyNights } from './levy-report.queries.ts';

// The levy report (decision 192): per month and levy what the town's monthly return asks, from what
// was posted: the nights, persons and exemptions the posting recorded, the amounts the folios carry.

/** The first day of the month after a YYYY-MM month. */
function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const next = Number(month.slice(5, 7)) + 1;
  return next > 12 ? `${year + 1}-01-01` : `${year}-${String(next).padStart(2, '0')}-01`;
}

export async function getLevyReport(
  ctx: AppContext,
  actor: TActor,
  query: Pick<TLevyReportQuery, 'from' | 'to'>,
): Promise<TLevyReport> {
  requireAccess(actor, 'reports', 'read');
  const period = { from: `${query.from}-01`, until: nextMonth(query.to) };
  const names = new Map((await selectLevyNames(ctx.db, actor.propertyId)).map((row) => [row.id, row.name]));
  const rows = new Map<string, TLevyReportRow & { exemptCounts: Map<string, number> }>();
  const rowOf = (month: string, levyId: string) => {
    const key = `${month}|${levyId}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        month,
        levyId,
        levyName: names.get(levyId) ?? '',
        nights: 0,
        persons: 0,
        exempt: [],
        baseAmount: 0,
        amount: 0,
        exemptCounts: new Map(),
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const night of await selectLevyNights(ctx.db, actor.propertyId, period)) {
    const row = rowOf(night.month, night.levyId);
    if (night.amount > 0) row.nights += 1;
    row.persons += night.persons;
    row.baseAmount += night.baseAmount;
    for (const entry of night.exempt) {
      const key = JSON.stringify([entry.exemption, entry.exemption === 'reason' ? entry.reason : null]);
      row.exemptCounts.set(key, (row.exemptCounts.get(key) ?? 0) + 1);
    }
  }
  for (const charged of await selectLevyCharges(ctx.db, actor.propertyId, period))
    rowOf(charged.month, charged.levyId).amount += charged.amount;
  return {
    from: query.from,
    to: query.to,
    rows: [...rows.values()]
      .sort((a, b) => a.month.localeCompare(b.month) || a.levyName.localeCompare(b.levyName))
      .map(({ exemptCounts, ...row }) => ({
        ...row,
        exempt: [...exemptCounts.entries()]
          .map(([key, nights]) => {
            const [exemption, reason] = JSON.parse(key) as [
              TLevyReportRow['exempt'][number]['exemption'],
              string | null,
            ];
            return { exemption, reason, nights };
          })
          .sort(
            (a, b) =>
              a.exemption.localeCompare(b.exemption) || (a.reason ?? '').localeCompare(b.reason ?? ''),
          ),
      })),
  };
}

export async function getLevyReportFile(
  ctx: AppContext,
  actor: TActor,
  query: TLevyReportQuery,
): Promise<TReportFile> {
  const report = await getLevyReport(ctx, actor, query);
  return {
    fileName: `local-tax_${query.from}_${query.to}.csv`,
    contentType: csvType,
    content: levyCsv(report, csvLanguageOf(actor)),
  };
}
