// The public surface of the cash module: what other modules and the platform use from it.
export { registerCashRoutes } from './cash.routes.ts';
export { reverseDeskPayment, signDeskPayment } from './cash-payments.service.ts';
export { signClosingReceiptsEverywhere } from './closing-receipts.service.ts';
export { createCashRegister } from './cash-registers.service.ts';
export { openShift } from './cash-book.service.ts';
export { signIssuedInvoice } from './invoice-receipts.service.ts';
