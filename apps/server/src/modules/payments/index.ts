// The public surface of the payments module: what other modules and the platform use from it.
export {
  confirmCheckout,
  createCheckout,
  listPortalPayments,
  stripeSettingKeys,
} from './payments.service.ts';
