import {
  languages,
  mailTemplateKinds,
  type TLanguage,
  type TMailKind,
  type TMailTemplate,
  type TMailTemplateKind,
  type TSaveMailTemplateRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import { assertKnownPlaceholders } from '../../lib/mail-placeholders.ts';
import { defaultTemplates } from './mail-texts.ts';
import {
  selectLinkEmailSettings,
  selectMailTemplate,
  selectMailTemplates,
  upsertMailTemplate,
} from './mail.queries.ts';

export async function listMailTemplates(ctx: AppContext, actor: TActor): Promise<TMailTemplate[]> {
  requireAccess(actor, 'settings', 'read');
  const saved = await selectMailTemplates(ctx.db, actor.propertyId);
  return mailTemplateKinds.flatMap((kind) =>
    languages.map((language) => {
      const row = saved.find((entry) => entry.kind === kind && entry.language === language);
      const text = row ?? defaultTemplates[kind][language];
      return { kind, language, subject: text.subject, text: text.text, isDefault: !row };
    }),
  );
}

export async function saveMailTemplate(
  ctx: AppContext,
  actor: TActor,
  kind: TMailTemplateKind,
  language: TLanguage,
  input: TSaveMailTemplateRequest,
): Promise<TMailTemplate> {
  requireAccess(actor, 'settings', 'write');
  assertKnownPlaceholders(kind, input.subject, input.text);
  const row = await upsertMailTemplate(
    ctx.db,
    { propertyId: actor.propertyId, kind, language, subject: input.subject, text: input.text },
    ctx.clock.now(),
  );
  return { kind, language, subject: row.subject, text: row.text, isDefault: false };
}

export async function templateOf(db: Executor, propertyId: string, kind: TMailKind, language: TLanguage) {
  if (kind === 'link') {
    // The general settings' texts were written in the property's language: the default serves the other.
    const settings = await selectLinkEmailSettings(db, propertyId);
    const fallback = defaultTemplates.link[language];
    if (language === 'de' && settings) {
      return { subject: settings.subject || fallback.subject, text: settings.text || fallback.text };
    }
    return fallback;
  }
  if (kind === 'team_invitation' || kind === 'receipt') return defaultTemplates[kind][language];
  return (await selectMailTemplate(db, propertyId, kind, language)) ?? defaultTemplates[kind][language];
}
