/** The tape chart's fixed measures in pixels: rows have one height so only the rows in view are drawn. */
export const rowHeight = 40;
export const headerHeight = 48;
export const roomColumnWidth = 168;
export const minDayWidth = 44;
const rowPadding = 4;
const laneGap = 2;

/** The day width that fills the available width, but never narrower than `minDayWidth`. */
export function fitDayWidth(viewportWidth: number, dayCount: number): number {
  return Math.max(minDayWidth, Math.floor((viewportWidth - roomColumnWidth) / Math.max(1, dayCount)));
}

export type TBarBox = { left: number; width: number; isCutStart: boolean; isCutEnd: boolean };

/**
 * Where a stay of nights [start, end) sits on the track: from the middle of its first day to the
 * middle of its last, so a same-day turnover shows two half bars in one cell. Cut at the plan's edges.
 */
export function barBox(start: number, end: number, dayWidth: number, dayCount: number): TBarBox | null {
  const from = start * dayWidth + dayWidth / 2;
  const to = end * dayWidth + dayWidth / 2;
  const left = Math.max(0, from);
  const right = Math.min(dayCount * dayWidth, to);
  if (right <= left) return null;
  // A pixel off each side keeps the bars of a same-day turnover apart.
  return { left: left + 1, width: right - left - 2, isCutStart: from < 0, isCutEnd: to > right };
}

/** The vertical place of a lane in a row shared by overlapping bars. */
export function laneBox(lane: number, laneCount: number): { top: number; height: number } {
  const height = (rowHeight - 2 * rowPadding - (laneCount - 1) * laneGap) / laneCount;
  return { top: rowPadding + lane * (height + laneGap), height };
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
