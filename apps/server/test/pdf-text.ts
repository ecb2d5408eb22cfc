import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Text with every run of whitespace as one space, as `pdfText` answers it. */
export const squash = (text: string) => text.replace(/\s+/g, ' ');

/** A PDF's text as a PDF reader extracts it (whitespace squashed), and its page count. */
export async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const loaded = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const parts: string[] = [];
  for (let page = 1; page <= loaded.numPages; page++) {
    const content = await (await loaded.getPage(page)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  const pages = loaded.numPages;
  await loaded.destroy();
  return { text: squash(parts.join(' ')), pages };
}
