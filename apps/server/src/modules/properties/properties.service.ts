import type { z } from 'zod';
import slugifyText from '@sindresorhus/slugify';
import type {
  TPageQuery,
  TPaged,
  TProperty,
  TUpdatePropertyRequest,
  ZCreatePropertyRequest,
} from '@pms/contract';
import { parsePalette } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { insertDefaultGeneralSettings } from '../../lib/general-settings.queries.ts';
import { insertDefaultRetentionRules } from '../../lib/retention-rules.queries.ts';
import { requireAccess, type TActor, type TRoleActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { toProperty } from './properties.mapper.ts';
import {
  insertProperty,
  insertPropertyAdmin,
  selectLiveProperty,
  selectMemberPropertyIds,
  selectPropertyPage,
  updatePropertyRow,
} from './properties.queries.ts';
import { assertFileOwned } from '../files/index.ts';

/**
 * A url-friendly slug from a property name ("Gästehaus Müller" to "gaestehaus-mueller"): German
 * transliteration, "&" dropped rather than spelled in English, a name typed as one word kept as one.
 */
export function slugify(name: string): string {
  const slug = slugifyText(name, { locale: 'de', decamelize: false, customReplacements: [['&', ' ']] });
  // Cut at 100 characters, never leaving a dash at the end.
  return slug.slice(0, 100).replace(/-+$/, '') || 'property';
}

function assertValidBranding(primaryColor: string | null | undefined): void {
  if (primaryColor && !parsePalette(primaryColor)) {
    throw new AppError(
      'validation',
      'branding.primaryColor must be a JSON map of shades 50 to 900 to hex colours',
    );
  }
}

async function memberPropertyIds(db: Executor, actor: TRoleActor): Promise<string[]> {
  if (actor.kind !== 'user') return [actor.propertyId];
  return selectMemberPropertyIds(db, actor.id);
}

/** Creates a property; the creating user becomes its administrator. */
export async function createProperty(
  ctx: AppContext,
  actor: TActor,
  input: z.output<typeof ZCreatePropertyRequest>,
): Promise<TProperty> {
  requireAccess(actor, 'properties', 'write');
  const { db } = ctx;
  if (actor.kind !== 'user') throw new AppError('auth/forbidden', 'API keys belong to one property');
  const data = input;
  assertValidBranding(data.branding.primaryColor);
  // A new property has no files yet: any logo would be another property's.
  if (data.branding.logoId) throw notFound('file');
  return db.transaction(async (tx) => {
    const { branding, slug, ...fields } = data;
    const row = await insertProperty(tx, {
      ...fields,
      slug: slug ?? slugify(data.name),
      logoId: branding.logoId ?? null,
      primaryColor: branding.primaryColor ?? null,
    });
    await insertPropertyAdmin(tx, row.id, actor.id);
    await insertDefaultGeneralSettings(tx, row.id);
    await insertDefaultRetentionRules(tx, row.id, row.address.country);
    return toProperty(row);
  });
}

/** The properties the caller belongs to. */
export async function listProperties(
  ctx: AppContext,
  actor: TActor,
  page: TPageQuery,
): Promise<TPaged<TProperty>> {
  requireAccess(actor, 'properties', 'read');
  const { db } = ctx;
  const ids = await memberPropertyIds(db, actor);
  return selectPropertyPage(db, ids, page, toProperty);
}

/** One of the caller's properties; any other answers 404. */
export async function getProperty(ctx: AppContext, actor: TActor, id: string): Promise<TProperty> {
  requireAccess(actor, 'properties', 'read');
  const { db } = ctx;
  const ids = await memberPropertyIds(db, actor);
  if (!ids.includes(id)) throw notFound('property');
  const row = await selectLiveProperty(db, id);
  if (!row) throw notFound('property');
  return toProperty(row);
}

/** Updates the current property; a user acts on the current property only. */
export async function updateProperty(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdatePropertyRequest,
): Promise<TProperty> {
  requireAccess(actor, 'properties', 'write');
  const { db } = ctx;
  if (id !== actor.propertyId) throw notFound('property');
  const { branding, ...fields } = input;
  assertValidBranding(branding?.primaryColor);
  if (branding?.logoId) await assertFileOwned(db, id, branding.logoId);
  const changes = {
    ...fields,
    ...(branding?.logoId !== undefined ? { logoId: branding.logoId } : {}),
    ...(branding?.primaryColor !== undefined ? { primaryColor: branding.primaryColor } : {}),
  };
  // An update naming no field changes nothing: it answers the property as it is.
  if (Object.values(changes).every((value) => value === undefined)) return getProperty(ctx, actor, id);
  return db.transaction(async (tx) => {
    const row = await updatePropertyRow(tx, id, changes);
    if (!row) throw notFound('property');
    // A property that names its country gets that country's rules for the records it has none for yet.
    await insertDefaultRetentionRules(tx, row.id, row.address.country);
    return toProperty(row);
  });
}
