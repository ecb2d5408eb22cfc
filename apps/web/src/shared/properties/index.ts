export { useCurrentProperty } from './get-current-property.ts';
export { useUpdateProperty } from './update-property.ts';
