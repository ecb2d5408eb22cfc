// The public surface of the groups module: what other modules and the platform use from it.
export { assertGroupOwned, findOwnedGroup } from './groups.queries.ts';
