// The public surface of the properties module: what other modules and the platform use from it.
export { toPropertyMembership } from './properties.mapper.ts';
