import { sql } from 'drizzle-orm';
import type { TSearchResult } from '@pms/contract';
import { rowsOf, type Executor } from '../../db/client.ts';
import { bookingNameSql } from '../../db/booking-names.ts';
import { containsPattern } from '../../db/text-search.ts';

const booking = { id: sql`b.id`, customerId: sql`b.customer_id`, code: sql`b.code` };

type TSearchRow = {
  object_type: TSearchResult['objectType'];
  id: string;
  title: string | null;
  subtitle: string | null;
  check_in: string | null;
  check_out: string | null;
};

/**
 * The property's bookings, contacts, groups and invoices containing the text, by kind and then latest
 * first: one page of them and the count of all.
 */
export async function selectSearchPage(
  db: Executor,
  propertyId: string,
  text: string,
  page: { pageNumber: number; pageSize: number },
): Promise<{ total: number; rows: TSearchRow[] }> {
  const pattern = containsPattern(text);
  const p = propertyId;
  const union = sql`
    select 'booking' as object_type, b.id, b.code as title,
           ${bookingNameSql(booking)} as subtitle,
           b.check_in::text as check_in, b.check_out::text as check_out, b.check_in::text as sort_key
      from bookings b left join contacts c on c.id = b.customer_id
     where b.property_id = ${p} and b.deleted_at is null
       and (b.code ilike ${pattern} or c.name ilike ${pattern} or b.external_code ilike ${pattern})
    union all
    select 'contact', c.id, c.name, coalesce(c.email, c.phone), null, null, c.name
      from contacts c
     where c.property_id = ${p} and c.deleted_at is null
       and (c.name ilike ${pattern} or c.email ilike ${pattern} or c.phone ilike ${pattern})
    union all
    select 'group', g.id, g.name, null, null, null, g.name
      from groups g
     where g.property_id = ${p} and g.deleted_at is null and g.name ilike ${pattern}
    union all
    select 'invoice', i.id, i.number, case when e.id is null then i.recipient end, null, null, coalesce(i.number, '')
      from invoices i
      -- An erased person's kept invoice is found by its number only: it keeps their name for the tax
      -- office, not for staff looking for them.
      left join erasures e on e.property_id = i.property_id and e.contact_id = i.customer_id
     where i.property_id = ${p} and i.deleted_at is null
       and (i.number ilike ${pattern} or (e.id is null and i.recipient ilike ${pattern}))`;
  // One pass: the page with the count of all beside each row; only a page past the end counts apart.
  const found = rowsOf<TSearchRow & { total: string }>(
    await db.execute(
      sql`select *, count(*) over () as total from (${union}) found order by object_type, sort_key desc
          limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}`,
    ),
  );
  if (found.length > 0 || page.pageNumber === 1) {
    return { total: Number(found[0]?.total ?? 0), rows: found.map(({ total: _total, ...row }) => row) };
  }
  const [counted] = rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from (${union}) found`));
  return { total: Number(counted?.n ?? 0), rows: [] };
}
