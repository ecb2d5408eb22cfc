// The public surface of the folios module: what other modules and the platform use from it.
export {
  createFolio,
  getBookingFolios,
  getBookingTotals,
  getFolioTotals,
  listFolios,
} from './folios.service.ts';
export { moveCharge, postCharge, reverseCharge } from './folio-charges.service.ts';
export { postPayment, recordPayment } from './folio-payments.service.ts';
