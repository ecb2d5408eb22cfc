import { ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Rows where any of the columns contains the text, in any case; no text matches every row. */
export function containsText(columns: PgColumn[], text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  // The text is literal: its own % and _ must not act as wildcards.
  const pattern = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}
