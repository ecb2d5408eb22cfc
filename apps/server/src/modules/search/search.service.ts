import { toPaged, type TPaged, type TSearchResult } from '@pms/contract';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { selectSearchPage } from './search.queries.ts';

/** Finds bookings, contacts, groups and invoices of the current property by a piece of text. */
export async function search(
  ctx: AppContext,
  actor: TActor,
  query: { query: string; pageNumber: number; pageSize: number },
): Promise<TPaged<TSearchResult>> {
  requireAccess(actor, 'search', 'read');
  const { db } = ctx;
  const { total, rows } = await selectSearchPage(db, actor.propertyId, query.query, query);
  return toPaged(
    rows.map((row) => ({
      objectType: row.object_type,
      id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      checkIn: row.check_in,
      checkOut: row.check_out,
    })),
    total,
    query,
  );
}
