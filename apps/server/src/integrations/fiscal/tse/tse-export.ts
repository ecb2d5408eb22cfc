// The export of the simulator's TSE (and of the fiskaly stand-in of the tests): a TAR with one log file
// per transaction, named as TR-03153 names transaction logs, and the check that reads one back.
import { Readable } from 'node:stream';
import { extract, pack } from 'tar-stream';
import type { TTseSignedTransaction, TTseTransactionRequest } from '../fiscal-types.ts';
import { processDataOf, receiptProcessType, unixSeconds, verifyTseTransaction } from './tse-signature.ts';

/** A transaction as the register stores it: what it asked the TSE and what the TSE answered. */
export type TTseStoredTransaction = { request: TTseTransactionRequest; signed: TTseSignedTransaction };

/** One log of an export: the fields the signature covers, the signature and the key it verifies with. */
export type TTseExportLog = {
  clientId: string;
  processType: string;
  processData: string;
  signed: TTseSignedTransaction;
};

/** `Unixt_<log time>_Sig-<signature counter>_Log-Tra_No-<transaction number>_Finish_Client-<client id>.log` */
function logFileName(log: TTseExportLog): string {
  const logTime = unixSeconds(new Date(log.signed.endTime));
  return `Unixt_${logTime}_Sig-${log.signed.signatureCounter}_Log-Tra_No-${log.signed.transactionNumber}_Finish_Client-${log.clientId}.log`;
}

/** The TAR of the given transactions, one JSON log file each, ordered by signature counter. */
export async function writeTseExport(transactions: TTseStoredTransaction[]): Promise<Buffer> {
  const archive = pack();
  const sorted = [...transactions].sort((a, b) => a.signed.signatureCounter - b.signed.signatureCounter);
  for (const { request, signed } of sorted) {
    const log: TTseExportLog = {
      clientId: request.clientId,
      processType: receiptProcessType,
      processData: processDataOf(request),
      signed,
    };
    archive.entry({ name: logFileName(log), mtime: new Date(signed.endTime) }, JSON.stringify(log, null, 2));
  }
  archive.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of archive as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The logs of an export, each with whether its signature and QR code verify. */
export async function readTseExport(
  tar: Buffer,
): Promise<{ name: string; log: TTseExportLog; isVerified: boolean }[]> {
  const entries: { name: string; log: TTseExportLog; isVerified: boolean }[] = [];
  const reader = extract();
  Readable.from([tar]).pipe(reader);
  for await (const entry of reader) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    if (!entry.header.name.endsWith('.log')) continue;
    const log = JSON.parse(Buffer.concat(chunks).toString('utf8')) as TTseExportLog;
    entries.push({ name: entry.header.name, log, isVerified: verifyTseTransaction(log.signed, log) });
  }
  return entries;
}
