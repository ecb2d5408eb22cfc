import type { TRksvCertificate } from '../fiscal-types.ts';

/** The DEP export (Datenerfassungsprotokoll, Detailspezifikation Abs. 3) as JSON. */
export type TDep = {
  'Belege-Gruppe': {
    /** Base64 DER of the certificate the group's receipts verify with. */
    Signaturzertifikat: string;
    /** Base64 DER of the certificates above it. */
    Zertifizierungsstellen: string[];
    'Belege-kompakt': string[];
  }[];
};

/** One stored receipt as the export reads it: its JWS and the certificate it was signed under. */
export type TDepEntry = { compactJws: string; certificate: TRksvCertificate };

function groupOpening(certificate: TRksvCertificate): string {
  return `{"Signaturzertifikat":${JSON.stringify(certificate.certificate)},"Zertifizierungsstellen":${JSON.stringify(certificate.chain)},"Belege-kompakt":[`;
}

/**
 * The DEP export as text chunks, receipt by receipt in the order given, a new group whenever the
 * certificate changes: a year of receipts streams from the database to the response without being
 * held in memory.
 */
export async function* depChunks(
  entries: AsyncIterable<TDepEntry> | Iterable<TDepEntry>,
): AsyncGenerator<string> {
  yield '{"Belege-Gruppe":[';
  let current: string | null = null;
  let isFirstInGroup = true;
  for await (const entry of entries) {
    if (entry.certificate.certificate !== current) {
      yield `${current === null ? '' : ']},'}${groupOpening(entry.certificate)}`;
      current = entry.certificate.certificate;
      isFirstInGroup = true;
    }
    yield `${isFirstInGroup ? '' : ','}${JSON.stringify(entry.compactJws)}`;
    isFirstInGroup = false;
  }
  yield current === null ? ']}' : ']}]}';
}

/** The whole DEP as one string, for small exports and tests. */
export async function depText(entries: AsyncIterable<TDepEntry> | Iterable<TDepEntry>): Promise<string> {
  let text = '';
  for await (const chunk of depChunks(entries)) text += chunk;
  return text;
}
