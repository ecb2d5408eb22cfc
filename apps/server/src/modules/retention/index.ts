// The public surface of the retention module: what other modules and the platform use from it.
export {
  listRetentionRules,
  listStoredRetentionRules,
  type TStoredRetentionRule,
} from './retention-rules.service.ts';
export { applyRetentionEverywhere } from './retention-job.service.ts';
export { anonymiseContacts, clearRegistrationFiles } from './retention-job.queries.ts';
export { registerRetentionRoutes } from './retention.routes.ts';
