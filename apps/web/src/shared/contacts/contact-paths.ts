import { generatePath } from 'react-router';

export const contactsPath = '/contacts';
export const contactRoute = '/contacts/:id';

export function contactPath(id: string): string {
  return generatePath(contactRoute, { id });
}
