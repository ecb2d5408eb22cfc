import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import { bookings, contacts, retentionLog, retentionRuns } from '../../db/schema/index.ts';
import { anonymisedName } from '../../lib/retention.ts';

/** How many records one transaction of the job handles: 200,000 files never load into memory at once. */
export const retentionBatchSize = 500;

/** A property whose rules have not run on its local day yet. */
export type TDueProperty = { id: string; timeZone: string; today: string };

/** The properties with rules that have not run today (their local day), cheap when every one has. */
export async function selectPropertiesDue(db: Executor, now: Date): Promise<TDueProperty[]> {
  const at = now.toISOString();
  return rowsOf<TDueProperty>(
    await db.execute(sql`
      select p.id, p.time_zone as "timeZone", ((${at}::timestamptz at time zone p.time_zone)::date)::text as today
      from properties p
      where p.deleted_at is null
        and exists (select 1 from retention_rules r where r.property_id = p.id)
        and not exists (select 1 from retention_runs x where x.property_id = p.id
                        and x.run_on = (${at}::timestamptz at time zone p.time_zone)::date)`),
  );
}

/** Claims a property's run of a day; null when another instance has it already. */
export async function insertRetentionRun(
  db: Executor,
  propertyId: string,
  runOn: string,
  startedAt: Date,
): Promise<string | null> {
  const [row] = await db
    .insert(retentionRuns)
    .values({ propertyId, runOn, startedAt })
    .onConflictDoNothing()
    .returning({ id: retentionRuns.id });
  return row?.id ?? null;
}

export async function updateRetentionRunFinished(
  db: Executor,
  propertyId: string,
  id: string,
  finishedAt: Date,
): Promise<void> {
  await db
    .update(retentionRuns)
    .set({ finishedAt })
    .where(and(eq(retentionRuns.propertyId, propertyId), eq(retentionRuns.id, id)));
}

/** Where a batch starts: after the last id of the one before, for the records whose period may have ended. */
export type TBatch = { propertyId: string; timeZone: string; after: string; cutoff: string };

/** A booking's registration form and signature, locked (another instance skips it). */
export type TRegistrationCandidate = {
  id: string;
  arrival: string;
  entry: string | null;
  files: { id: string; storageKey: string }[];
};

export async function selectRegistrationCandidates(
  db: Executor,
  batch: TBatch,
): Promise<TRegistrationCandidate[]> {
  const { propertyId, timeZone, after, cutoff } = batch;
  const rows = rowsOf<{
    id: string;
    arrival: string;
    entry: string | null;
    formId: string | null;
    formKey: string | null;
    signatureId: string | null;
    signatureKey: string | null;
  }>(
    await db.execute(sql`
      select b.id, b.check_in::text as arrival,
        ((coalesce(rf.created_at, sf.created_at) at time zone ${timeZone})::date)::text as entry,
        rf.id as "formId", rf.storage_key as "formKey", sf.id as "signatureId", sf.storage_key as "signatureKey"
      from bookings b
      left join files rf on rf.property_id = b.property_id and rf.id = b.registration_file_id
      left join files sf on sf.property_id = b.property_id and sf.id = b.signature_file_id
      where b.property_id = ${propertyId} and b.id > ${after}
        and (b.registration_file_id is not null or b.signature_file_id is not null)
        and least(b.check_in, (coalesce(rf.created_at, sf.created_at) at time zone ${timeZone})::date) <= ${cutoff}::date
      order by b.id
      limit ${retentionBatchSize}
      for update of b skip locked`),
  );
  return rows.map((row) => ({
    id: row.id,
    arrival: row.arrival,
    entry: row.entry,
    files: [
      ...(row.formId ? [{ id: row.formId, storageKey: row.formKey! }] : []),
      ...(row.signatureId ? [{ id: row.signatureId, storageKey: row.signatureKey! }] : []),
    ],
  }));
}

/** An ID picture with the day its data was confirmed and the day its stay ended, locked. */
export type TIdPictureCandidate = {
  id: string;
  storageKey: string;
  confirmedOn: string | null;
  checkOut: string | null;
};

export async function selectIdPictureCandidates(db: Executor, batch: TBatch): Promise<TIdPictureCandidate[]> {
  const { propertyId, timeZone, after } = batch;
  // A stay ends at its check-out; one called off (canceled, no-show) on its planned last day.
  const ended = sql`case when b.checked_out_at is not null then (b.checked_out_at at time zone ${timeZone})::date
    when b.status in ('canceled', 'no_show') then b.check_out end`;
  return rowsOf<TIdPictureCandidate>(
    await db.execute(sql`
      select f.id, f.storage_key as "storageKey",
        (select ((min(cf.confirmed_at) at time zone ${timeZone})::date)::text from contact_files cf
          where cf.property_id = f.property_id and cf.file_id = f.id) as "confirmedOn",
        (select (max(${ended}))::text from contact_files cf
          join bookings b on b.property_id = cf.property_id and b.id = cf.booking_id
          where cf.property_id = f.property_id and cf.file_id = f.id) as "checkOut"
      from files f
      where f.property_id = ${propertyId} and f.id > ${after} and f.purpose = 'id_document' and f.deleted_at is null
      order by f.id
      limit ${retentionBatchSize}
      for update of f skip locked`),
  );
}

/** A guest profile with its last stay and the latest invoice naming it, locked. */
export type TProfileCandidate = {
  id: string;
  createdOn: string;
  lastStay: string | null;
  lastInvoiceOn: string | null;
  hasRegistrationForm: boolean;
};

export async function selectProfileCandidates(db: Executor, batch: TBatch): Promise<TProfileCandidate[]> {
  const { propertyId, timeZone, after, cutoff } = batch;
  const rows = rowsOf<Omit<TProfileCandidate, 'hasRegistrationForm'> & { hasRegistrationForm: unknown }>(
    await db.execute(sql`
      select c.id, ((c.created_at at time zone ${timeZone})::date)::text as "createdOn", s."lastStay",
        ((greatest(
          (select max(i.issued_at) from invoices i
            where i.property_id = c.property_id and i.customer_id = c.id and i.number is not null),
          (select max(i.issued_at) from booking_guests g
            join invoices i on i.property_id = g.property_id and i.booking_id = g.booking_id
            where g.property_id = c.property_id and g.contact_id = c.id and i.number is not null)
        ) at time zone ${timeZone})::date)::text as "lastInvoiceOn",
        exists (select 1 from booking_guests g
          join bookings b on b.property_id = g.property_id and b.id = g.booking_id
          where g.property_id = c.property_id and g.contact_id = c.id
            and (b.registration_file_id is not null or b.signature_file_id is not null)) as "hasRegistrationForm"
      from contacts c
      cross join lateral (select (greatest(
          (select max(b.check_out) from bookings b
            where b.property_id = c.property_id and b.customer_id = c.id
              and b.deleted_at is null and b.status not in ('canceled', 'no_show')),
          (select max(b.check_out) from booking_guests g
            join bookings b on b.property_id = g.property_id and b.id = g.booking_id
            where g.property_id = c.property_id and g.contact_id = c.id
              and b.deleted_at is null and b.status not in ('canceled', 'no_show'))
        ))::text as "lastStay") s
      where c.property_id = ${propertyId} and c.id > ${after} and c.type = 'person' and c.deleted_at is null
        and coalesce(s."lastStay"::date, (c.created_at at time zone ${timeZone})::date) <= ${cutoff}::date
        and not exists (select 1 from retention_log l where l.property_id = c.property_id
          and l.object_type = 'contact' and l.object_id = c.id and l.action = 'anonymised')
      order by c.id
      limit ${retentionBatchSize}
      for update of c skip locked`),
  );
  return rows.map((row) => ({ ...row, hasRegistrationForm: row.hasRegistrationForm === true }));
}

/** An issued invoice (an accounting record) not yet reported as kept past its period. */
export type TAccountingCandidate = { id: string; issuedOn: string };

export async function selectAccountingCandidates(
  db: Executor,
  batch: TBatch,
): Promise<TAccountingCandidate[]> {
  const { propertyId, timeZone, after, cutoff } = batch;
  return rowsOf<TAccountingCandidate>(
    await db.execute(sql`
      select i.id, ((i.issued_at at time zone ${timeZone})::date)::text as "issuedOn"
      from invoices i
      where i.property_id = ${propertyId} and i.id > ${after} and i.number is not null
        and i.issued_at is not null and (i.issued_at at time zone ${timeZone})::date <= ${cutoff}::date
        and not exists (select 1 from retention_log l where l.property_id = i.property_id
          and l.object_type = 'invoice' and l.object_id = i.id and l.action = 'kept')
      order by i.id
      limit ${retentionBatchSize}`),
  );
}

/** Clears the bookings' registration form and signature, whose files are gone. */
export async function clearRegistrationFiles(db: Executor, propertyId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(bookings)
    .set({ registrationFileId: null, signatureFileId: null })
    .where(and(eq(bookings.propertyId, propertyId), inArray(bookings.id, ids)));
}

/**
 * Anonymises contacts (guest profiles at the end of their period, an erased person): the name says
 * so, every other personal field is cleared; their ids stay, so bookings and invoices still point at
 * them. The country of residence stays: the guest statistics already reported count it, and alone it
 * names nobody.
 */
export async function anonymiseContacts(db: Executor, propertyId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(contacts)
    .set({
      name: anonymisedName,
      gender: 'unspecified',
      email: null,
      invoiceEmail: null,
      phone: null,
      website: null,
      dateOfBirth: null,
      nationality: null,
      address: sql`jsonb_strip_nulls(jsonb_build_object('country', ${contacts.address} -> 'country'))`,
      company: {},
      documentType: null,
      documentNumber: null,
      documentIssueDate: null,
      documentIssuingAuthority: null,
    })
    .where(and(eq(contacts.propertyId, propertyId), inArray(contacts.id, ids)));
}

export async function insertRetentionLog(
  db: Executor,
  rows: (typeof retentionLog.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(retentionLog).values(rows).onConflictDoNothing();
}
