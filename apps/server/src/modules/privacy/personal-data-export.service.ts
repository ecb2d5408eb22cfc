import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { zipSync, type Zippable } from 'fflate';
import type { TPersonalDataExport, TPersonalDataExportEntry } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { jobs } from '../../db/schema/index.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { findOwnedContact } from '../contacts/index.ts';
import { gatherPersonalData } from './personal-data.ts';
import {
  insertExport,
  selectContactExports,
  selectErasure,
  selectExpiredExports,
  selectExport,
  updateExport,
  type TExportRow,
} from './privacy.queries.ts';

/** Files read from the store at once while an export is made. */
const readsAtOnce = 8;

/** How long an export's ZIP can be downloaded: a day, then it is deleted. */
export const exportLifetimeMs = 24 * 60 * 60 * 1000;

function toExport(row: TExportRow): TPersonalDataExport {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: null,
    contactId: row.contactId,
    status: row.status,
    progress: row.progress,
    entries: row.entries,
    size: row.size,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    requestedBy: row.requestedByName,
  };
}

async function findExport(ctx: AppContext, propertyId: string, id: string): Promise<TExportRow> {
  const row = await selectExport(ctx.db, propertyId, id);
  if (!row) throw notFound('personal data export');
  return row;
}

/** Starts an export of a person's data (GDPR Art. 15) as a background job; the request is an event. */
export async function requestPersonalDataExport(
  ctx: AppContext,
  actor: TActor,
  contactId: string,
): Promise<TPersonalDataExport> {
  requireAccess(actor, 'privacy', 'write');
  const { propertyId } = actor;
  const id = await ctx.db.transaction(async (tx) => {
    await findOwnedContact(tx, propertyId, contactId);
    if (await selectErasure(tx, propertyId, contactId)) throw new AppError('privacy/contact_erased');
    const exportId = await insertExport(tx, {
      propertyId,
      contactId,
      requestedBy: actor.kind === 'user' ? actor.id : null,
    });
    await ctx.jobs.enqueue(tx, {
      type: 'privacy.export',
      propertyId,
      payload: { exportId },
      maxAttempts: 3,
    });
    await recordEvent(tx, {
      propertyId,
      actor,
      objectType: 'contact',
      objectId: contactId,
      type: 'personal_data_export_requested',
      data: { exportId },
    });
    return exportId;
  });
  ctx.jobs.wake();
  return toExport(await findExport(ctx, propertyId, id));
}

export async function listPersonalDataExports(
  ctx: AppContext,
  actor: TActor,
  contactId: string,
): Promise<TPersonalDataExport[]> {
  requireAccess(actor, 'privacy', 'read');
  await findOwnedContact(ctx.db, actor.propertyId, contactId);
  return (await selectContactExports(ctx.db, actor.propertyId, contactId)).map(toExport);
}

export async function getPersonalDataExport(
  ctx: AppContext,
  actor: TActor,
  id: string,
): Promise<TPersonalDataExport> {
  requireAccess(actor, 'privacy', 'read');
  return toExport(await findExport(ctx, actor.propertyId, id));
}

/** The ZIP of a finished export, while its link lasts; each download is an event. */
export async function downloadPersonalDataExport(
  ctx: AppContext,
  actor: TActor,
  id: string,
): Promise<{ name: string; stream: Readable }> {
  requireAccess(actor, 'privacy', 'read');
  const row = await findExport(ctx, actor.propertyId, id);
  const isExpired =
    row.status === 'expired' ||
    (row.expiresAt !== null && row.expiresAt.getTime() <= ctx.clock.now().getTime());
  if (isExpired) throw new AppError('privacy/export_expired');
  if (row.status !== 'done' || !row.storageKey) throw new AppError('privacy/export_not_ready');
  await recordEvent(ctx.db, {
    propertyId: actor.propertyId,
    actor,
    objectType: 'contact',
    objectId: row.contactId,
    type: 'personal_data_export_downloaded',
    data: { exportId: row.id },
  });
  const day = row.createdAt.toISOString().slice(0, 10);
  return {
    name: `personal-data-${day}-${row.id.slice(0, 8)}.zip`,
    stream: await ctx.files.get(row.storageKey),
  };
}

/** The job: gathers everything that names the person, zips it into the store and notes its listing. */
export async function buildPersonalDataExport(ctx: AppContext, job: typeof jobs.$inferSelect): Promise<void> {
  const { exportId } = job.payload as { exportId: string };
  const row = await selectExport(ctx.db, job.propertyId!, exportId);
  if (!row || (row.status !== 'pending' && row.status !== 'running')) return;
  try {
    await updateExport(ctx.db, row.id, { status: 'running', progress: 1 });
    const { documents, files } = await gatherPersonalData(ctx.db, row.propertyId, row.contactId);
    const zippable: Zippable = {};
    const entries: TPersonalDataExportEntry[] = [];
    for (const [name, value] of Object.entries(documents)) {
      const content = Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
      zippable[name] = content;
      entries.push({ name, size: content.length });
    }
    let reported = 0;
    // A few files at a time from the store (an S3 round trip each), in the listing's order.
    for (let start = 0; start < files.length; start += readsAtOnce) {
      const batch = files.slice(start, start + readsAtOnce);
      const contents = await Promise.all(
        batch.map(async (file) => buffer(await ctx.files.get(file.storageKey))),
      );
      for (const [index, file] of batch.entries()) {
        // Pictures and PDFs are compressed already: stored as they are.
        zippable[file.name] = [contents[index]!, { level: 0 }];
        entries.push({ name: file.name, size: contents[index]!.length });
      }
      const progress = Math.floor(((start + batch.length) / files.length) * 90);
      if (progress - reported >= 10) {
        reported = progress;
        await updateExport(ctx.db, row.id, { progress });
      }
    }
    const zip = Buffer.from(zipSync(zippable, { level: 6 }));
    const storageKey = `exports/${row.propertyId}/${row.id}.zip`;
    await ctx.files.put(storageKey, zip);
    await updateExport(ctx.db, row.id, {
      status: 'done',
      progress: 100,
      storageKey,
      size: zip.length,
      entries,
      expiresAt: new Date(ctx.clock.now().getTime() + exportLifetimeMs),
    });
  } catch (error) {
    await updateExport(ctx.db, row.id, { status: 'failed' });
    throw error;
  }
}

/** The recurring job: deletes the ZIPs whose link has expired. */
export async function expirePersonalDataExports(ctx: AppContext): Promise<void> {
  const storageKeys = await ctx.db.transaction(async (tx) => {
    const expired = await selectExpiredExports(tx, ctx.clock.now());
    for (const row of expired)
      await updateExport(tx, row.id, { status: 'expired', storageKey: null, size: null });
    return expired.map((row) => row.storageKey).filter((key): key is string => !!key);
  });
  for (const key of storageKeys) await ctx.files.delete(key);
}
