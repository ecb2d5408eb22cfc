import type { AppContext } from '../../context.ts';
import { findProperty } from '../../lib/properties.ts';
import { selectStartedAustrianRegisters } from './cash.queries.ts';
import { lockCashRegister } from './cash-registers.service.ts';
import { canSign } from './fiscal-adapters.ts';
import { signClosingReceipts } from './fiscal-signing.ts';

/**
 * The job behind the RKSV's month and year receipts: every Austrian register in use signs the closing
 * receipts of the months that ended, each register in a transaction of its own. Run on any number of
 * instances at once, each month's receipt is signed once (the register's lock and its unique key).
 */
export async function signClosingReceiptsEverywhere(ctx: AppContext): Promise<void> {
  for (const { propertyId, id } of await selectStartedAustrianRegisters(ctx.db)) {
    await ctx.db.transaction(async (tx) => {
      const register = await lockCashRegister(tx, propertyId, id);
      if (!canSign(ctx, register)) return;
      const { timeZone } = await findProperty(tx, propertyId);
      await signClosingReceipts(ctx, tx, register, ctx.clock.now(), timeZone);
    });
  }
}
