import type { TseClient } from '../fiscal-types.ts';
import { writeTseExport, type TTseStoredTransaction } from './tse-export.ts';
import { processDataOf, signTseTransaction, simulatorKeyOf } from './tse-signature.ts';

/** The next transaction number and signature counter of the register's TSE. */
export type TTseCounters = { transactionNumber: number; signatureCounter: number };

/**
 * Where the simulator's state lives: the caller's database. `next` hands out the numbers of the next
 * transaction (from the register's row, held under its lock while `record` runs), so the numbers stay
 * consecutive whichever app instance signs; `transactions` reads back the stored ones for the export.
 */
export type TTseSimulatorState = {
  next(): Promise<TTseCounters>;
  transactions(range: { from: Date; to: Date }): Promise<TTseStoredTransaction[]>;
};

/**
 * The built-in TSE, for the demo, tests and a register in training: the real algorithm (ECDSA P-384,
 * SHA-384, signature r‖s) with a software key, so receipts carry a QR code that verifies; it is no
 * certified TSE and says so by its serial number being its own key's hash. It keeps no state.
 */
export function tseSimulator(
  keys: { privateKeyPem: string },
  now: () => Date,
  state: TTseSimulatorState,
): TseClient {
  const key = simulatorKeyOf(keys.privateKeyPem);
  return {
    kind: 'simulator',
    record: async (request) => {
      const startTime = now();
      const counters = await state.next();
      return signTseTransaction(key, {
        clientId: request.clientId,
        processData: processDataOf(request),
        ...counters,
        startTime,
        endTime: now(),
      });
    },
    exportTransactions: async (range) => writeTseExport(await state.transactions(range)),
  };
}
