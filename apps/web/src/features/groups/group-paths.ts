import { generatePath } from 'react-router';

export const groupsPath = '/groups';
export const groupRoute = '/groups/:id';

export function groupPath(id: string): string {
  return generatePath(groupRoute, { id });
}
