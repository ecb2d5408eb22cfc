import type { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { parsePalette, type TLanguage } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { TPropertyRow } from '../../lib/properties.ts';
import { composeMessage, type TComposedAttachment } from '../../integrations/mail/compose-message.ts';
import { renderMailHtml, type TMailBrand } from './mail-html.ts';
import { selectLogoFile } from './mail.queries.ts';

// The property's look in its e-mails: colour, logo (resized once per stored file), footer.

/** The colour of an e-mail when the property has no palette: the staff app's own shade 600. */
const defaultMailColour = '#2563eb';
/** The logo's height in the e-mail, in CSS pixels; the image has twice as many for sharp screens. */
const logoHeight = 56;
const logoMaxWidth = 536;
const logoCid = 'property-logo@pms';

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

type TMailLogo = { image: TComposedAttachment; size: { width: number; height: number } };

/** Logos made ready for e-mails, by stored file: a file's content never changes (a new logo is a new file). */
const mailLogos = new WeakMap<AppContext, LRUCache<string, TMailLogo>>();

async function prepareMailLogo(ctx: AppContext, storageKey: string): Promise<TMailLogo> {
  const { data, info } = await sharp(await readAll(await ctx.files.get(storageKey)))
    .resize({ height: logoHeight * 2, withoutEnlargement: true })
    .png()
    .toBuffer({ resolveWithObject: true });
  const scale = Math.min(logoHeight / info.height, logoMaxWidth / info.width, 1);
  const size = { width: Math.round(info.width * scale) || 1, height: Math.round(info.height * scale) || 1 };
  const image: TComposedAttachment = {
    filename: 'logo.png',
    contentType: 'image/png',
    content: data,
    cid: logoCid,
  };
  return { image, size };
}

/**
 * The property's logo as a PNG no larger than the e-mail shows it (WebP is not shown everywhere), if
 * it has one; kept, so that composing a message (a team invitation while the inviter waits) costs
 * little more than before.
 */
async function mailLogo(ctx: AppContext, db: Executor, property: TPropertyRow): Promise<TMailLogo | null> {
  if (!property.logoId) return null;
  const file = await selectLogoFile(db, property.id, property.logoId);
  if (!file) return null;
  let logos = mailLogos.get(ctx);
  if (!logos) {
    logos = new LRUCache({ max: 16 });
    mailLogos.set(ctx, logos);
  }
  const kept = logos.get(file.storageKey);
  if (kept) return kept;
  const logo = await prepareMailLogo(ctx, file.storageKey);
  logos.set(file.storageKey, logo);
  return logo;
}

function footerLines(property: TPropertyRow, language: TLanguage): string[] {
  const { address, communication } = property;
  const countries = new Intl.DisplayNames([language], { type: 'region' });
  return [
    [address.line1, address.line2].filter(Boolean).join(', '),
    [
      [address.postalCode, address.city].filter(Boolean).join(' '),
      address.country && countries.of(address.country.toUpperCase()),
    ]
      .filter(Boolean)
      .join(', '),
    [communication.phone, communication.email].filter(Boolean).join(' · '),
  ].filter((line) => line !== '');
}

type TBrandedMessage = {
  property: TPropertyRow;
  language: TLanguage;
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  messageId: string;
  date: Date;
  attachments?: TComposedAttachment[];
};

/** The message with its text, the same text as HTML in the property's colour, logo and footer, and its files. */
export async function composeBrandedMessage(
  ctx: AppContext,
  db: Executor,
  message: TBrandedMessage,
): Promise<string> {
  const { property, language, attachments = [], ...parts } = message;
  const logo = await mailLogo(ctx, db, property);
  const brand: TMailBrand = {
    colour: parsePalette(property.primaryColor)?.['600'] ?? defaultMailColour,
    logo: logo ? { cid: logoCid, ...logo.size } : null,
    propertyName: property.name,
    footerLines: footerLines(property, language),
  };
  const html = renderMailHtml({ subject: parts.subject, text: parts.text, language, brand });
  return composeMessage({ ...parts, html, attachments: logo ? [logo.image, ...attachments] : attachments });
}
