// The public surface of the payments module: the payment partners and the checkout records they are
// kept in. The guest's payment itself (checkout, return, webhook, booking) is `flows/guest-payment.flow.ts`.
export {
  cancelOpenCheckout,
  claimPaidCheckout,
  insertCheckout,
  insertPaymentEvent,
  selectBookingPayer,
  selectCardPaymentMethod,
  selectCheckout,
  selectCheckoutByKey,
  selectCheckoutBySession,
  selectOpenCheckouts,
  selectPaymentEvent,
  setCheckoutSession,
  setPaymentEventOutcome,
} from './payments.queries.ts';
export {
  cancelSimulatedCheckout,
  checkoutKey,
  findSimulatedCheckout,
  getSimulatedCheckout,
  listPortalPayments,
  providerOf,
  stripeOf,
  stripeSettingKeys,
  toCheckoutSession,
} from './payments.service.ts';
