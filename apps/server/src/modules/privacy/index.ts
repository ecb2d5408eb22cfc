// The public surface of the privacy module: a person's data exported and erased.
export { registerPrivacyRoutes } from './privacy.routes.ts';
export { reapplyErasures } from './erasure.service.ts';
export { buildPersonalDataExport, expirePersonalDataExports } from './personal-data-export.service.ts';
