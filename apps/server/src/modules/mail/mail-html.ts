import escapeHtml from 'escape-html';
import type { TLanguage } from '@pms/contract';

/** The property's look of an e-mail: its colour, its logo (an inline image) and the footer's lines. */
export type TMailBrand = {
  /** A #rrggbb colour: the bar above the message and its links. */
  colour: string;
  logo: { cid: string; width: number; height: number } | null;
  propertyName: string;
  /** Address, phone and e-mail, one entry a line; empty entries are left out. */
  footerLines: string[];
};

const fontFamily = 'Helvetica, Arial, sans-serif';
// An address runs to the first space or angle bracket; a full stop, comma or bracket at its end closes the sentence.
const urlPattern = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]']/g;

/** One line of the text: escaped, each web address a link in the brand colour. */
function lineHtml(line: string, colour: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(urlPattern)) {
    const url = match[0];
    html += escapeHtml(line.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" style="color:${colour};text-decoration:underline;">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(line.slice(last));
}

/** The text as paragraphs: a blank line starts a new one, a single line break stays one. */
function bodyHtml(text: string, colour: string): string {
  return text
    .trim()
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) => {
      const lines = paragraph.split('\n').map((line) => lineHtml(line.trimEnd(), colour));
      return `<p style="margin:0 0 16px 0;">${lines.join('<br>')}</p>`;
    })
    .join('\n');
}

/**
 * The HTML part of an e-mail, made from its plain text, which stays the only source of what it says:
 * a table 600 pixels wide with inline styles only (what mail clients render), the property's colour
 * and logo above, its name and contact details below. Nothing of the text becomes markup.
 */
export function renderMailHtml(input: {
  subject: string;
  text: string;
  language: TLanguage;
  brand: TMailBrand;
}): string {
  const { brand } = input;
  const colour = escapeHtml(brand.colour);
  const logo = brand.logo
    ? `<tr><td style="padding:24px 32px 0 32px;"><img src="cid:${escapeHtml(brand.logo.cid)}" ` +
      `width="${brand.logo.width}" height="${brand.logo.height}" alt="${escapeHtml(brand.propertyName)}" ` +
      `style="display:block;border:0;outline:none;height:${brand.logo.height}px;width:${brand.logo.width}px;"></td></tr>`
    : '';
  const footer = [brand.propertyName, ...brand.footerLines]
    .filter((line) => line.trim() !== '')
    .map((line) => escapeHtml(line))
    .join('<br>');
  return `<!DOCTYPE html>
<html lang="${input.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-collapse:collapse;">
<tr><td style="background-color:${colour};height:8px;font-size:0;line-height:0;">&nbsp;</td></tr>
${logo}
<tr><td style="padding:24px 32px 8px 32px;font-family:${fontFamily};font-size:16px;line-height:24px;color:#111827;">
${bodyHtml(input.text, colour)}
</td></tr>
<tr><td style="padding:16px 32px 24px 32px;border-top:1px solid #e5e7eb;font-family:${fontFamily};font-size:13px;line-height:20px;color:#4b5563;">
${footer}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
