// The public surface of the local-tax module: the levies the posting charges, and its routes.
export { activeLevies, type TPostedLevy } from './local-tax.service.ts';
export { registerLocalTaxRoutes } from './local-tax.routes.ts';
