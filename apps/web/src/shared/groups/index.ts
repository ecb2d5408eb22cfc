export { useGroups } from './get-groups.ts';
