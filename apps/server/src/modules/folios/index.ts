// The public surface of the folios module: what other modules and the platform use from it.
export {
  createFolio,
  getBookingFolios,
  getBookingTotals,
  getFolioTotals,
  listFolios,
  moveCharge,
  postCharge,
  postPayment,
  recordPayment,
  reverseCharge,
} from './folios.service.ts';
