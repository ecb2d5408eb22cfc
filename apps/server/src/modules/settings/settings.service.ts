import type { z } from 'zod';
import type { ZCreateSettingRequest } from '@pms/contract';
import {
  defaultAccountingSettings,
  isGuestLinkUrl,
  outboundUrlSettingKeys,
  secretMask,
  type TAccountingSettings,
  type TGeneralSettings,
  type TPageQuery,
  type TPaged,
  type TSettingEntry,
  type TUpdateAccountingSettingsRequest,
  type TUpdateGeneralSettingsRequest,
} from '@pms/contract';
import type { Db, Executor } from '../../db/client.ts';
import { invalidField, notFound } from '../../errors.ts';
import { insertDefaultGeneralSettings } from '../../lib/general-settings.queries.ts';
import { assertKnownPlaceholders } from '../../lib/mail-placeholders.ts';
import { assertOutboundUrl } from '../../lib/outbound-url.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { toRecord } from '../../lib/records.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import {
  deleteSettingEntry,
  insertSettingEntry,
  sealSettingEntryValue,
  selectAccountingSettings,
  selectClearSecretEntries,
  selectGeneralSettings,
  selectSealedSecretEntry,
  selectSettingEntryPage,
  selectSettingEntryValue,
  upsertAccountingSettings,
  upsertGeneralSettings,
  type TAccountingSettingsRow,
  type TGeneralSettingsRow,
  type TSettingEntryRow,
} from './settings.queries.ts';

function toGeneralSettings(row: TGeneralSettingsRow): TGeneralSettings {
  return {
    featurePreCheckIn: row.featurePreCheckIn,
    featurePayment: row.featurePayment,
    featureCheckInJack: row.featureCheckInJack,
    propertyInfoUrl: row.propertyInfoUrl,
    linkEmailSubject: row.linkEmailSubject,
    linkEmailBody: row.linkEmailBody,
    sendConfirmationOnCreate: row.sendConfirmationOnCreate,
  };
}

/** A property's general settings (created with their defaults on first read). */
export async function getGeneralSettings(ctx: AppContext, actor: TActor): Promise<TGeneralSettings> {
  requireAccess(actor, 'settings', 'read');
  return readGeneralSettings(ctx.db, actor.propertyId);
}

/** A property's general settings for the server's own checks, whoever asks (a guest, a job). */
export async function readGeneralSettings(db: Executor, propertyId: string): Promise<TGeneralSettings> {
  await insertDefaultGeneralSettings(db, propertyId);
  const row = await selectGeneralSettings(db, propertyId);
  return toGeneralSettings(row!);
}

export async function updateGeneralSettings(
  ctx: AppContext,
  actor: TActor,
  input: TUpdateGeneralSettingsRequest,
): Promise<TGeneralSettings> {
  requireAccess(actor, 'settings', 'write');
  assertKnownPlaceholders('link', input.linkEmailSubject, input.linkEmailBody);
  const allowHttp = ctx.config.environment !== 'production';
  if (input.propertyInfoUrl && !isGuestLinkUrl(input.propertyInfoUrl, { allowHttp }))
    throw invalidField('body/propertyInfoUrl', 'an https:// address');
  const { db } = ctx;
  const row = await upsertGeneralSettings(db, actor.propertyId, input, ctx.clock.now());
  return toGeneralSettings(row);
}

function toAccountingSettings(row: TAccountingSettingsRow | undefined): TAccountingSettings {
  if (!row) return defaultAccountingSettings;
  return {
    adviserNumber: row.adviserNumber,
    clientNumber: row.clientNumber,
    fiscalYearStartMonth: row.fiscalYearStartMonth,
    accountLength: row.accountLength,
    receivablesAccount: row.receivablesAccount,
  };
}

/** The property's accounting settings (DATEV numbers, fiscal year, receivables account). */
export async function getAccountingSettings(ctx: AppContext, actor: TActor): Promise<TAccountingSettings> {
  requireAccess(actor, 'settings', 'read');
  return toAccountingSettings(await selectAccountingSettings(ctx.db, actor.propertyId));
}

export async function updateAccountingSettings(
  ctx: AppContext,
  actor: TActor,
  input: TUpdateAccountingSettingsRequest,
): Promise<TAccountingSettings> {
  requireAccess(actor, 'settings', 'write');
  return toAccountingSettings(
    await upsertAccountingSettings(ctx.db, actor.propertyId, input, ctx.clock.now()),
  );
}

function toSettingEntry(row: TSettingEntryRow): TSettingEntry {
  return { ...toRecord(row), key: row.key, value: row.secret ? secretMask : row.value, secret: row.secret };
}

/** What a sealed value is bound to: its property and key, so it opens on no other row. */
function secretContext(propertyId: string, key: string): string {
  return `setting:${propertyId}:${key}`;
}

/** Creates an entry; a secret value is stored sealed (AES-256-GCM), never in clear. */
export async function createSetting(
  ctx: AppContext,
  actor: TActor,
  input: z.output<typeof ZCreateSettingRequest>,
): Promise<TSettingEntry> {
  requireAccess(actor, 'advancedSettings', 'write');
  const { db, secrets } = ctx;
  const data = input;
  if (outboundUrlSettingKeys.includes(data.key))
    await assertOutboundUrl(
      data.value,
      { allowPrivateAddresses: ctx.config.allowPrivateOutbound },
      'body/value',
    );
  const value = data.secret
    ? secrets.seal(data.value, secretContext(actor.propertyId, data.key))
    : data.value;
  const row = await insertSettingEntry(db, { propertyId: actor.propertyId, ...data, value });
  return toSettingEntry(row);
}

export function listSettings(
  ctx: AppContext,
  actor: TActor,
  page: TPageQuery,
): Promise<TPaged<TSettingEntry>> {
  requireAccess(actor, 'advancedSettings', 'read');
  const { db } = ctx;
  return selectSettingEntryPage(db, actor.propertyId, page, toSettingEntry);
}

/** Deletes an entry; its key can then be used again. */
export async function deleteSetting(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'advancedSettings', 'write');
  const { db } = ctx;
  const isDeleted = await deleteSettingEntry(db, actor.propertyId, id);
  if (!isDeleted) throw notFound('setting');
}

/** The clear value of a setting entry, for the server's own use (adapters' credentials). */
export async function readSettingValue(
  db: Executor,
  secrets: SecretBox,
  propertyId: string,
  key: string,
): Promise<string | null> {
  const row = await selectSettingEntryValue(db, propertyId, key);
  if (!row) return null;
  return row.secret ? secrets.open(row.value, secretContext(propertyId, key)) : row.value;
}

/**
 * At start: refuses a SECRET_KEY that cannot open the secrets already stored (with a message saying
 * so), then seals the secret values stored in clear before encryption existed. Safe on every
 * instance at once: a value is only replaced while it is still the clear one.
 */
export async function prepareSecretSettings(db: Db, secrets: SecretBox): Promise<void> {
  const sealed = await selectSealedSecretEntry(db);
  if (sealed) secrets.open(sealed.value, secretContext(sealed.propertyId, sealed.key));
  const clear = await selectClearSecretEntries(db);
  for (const row of clear) {
    await sealSettingEntryValue(db, row, secrets.seal(row.value, secretContext(row.propertyId, row.key)));
  }
}
