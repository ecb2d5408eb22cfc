// The public surface of the contacts module: what other modules and the platform use from it.
export { assertContactOwned, findOwnedContact } from './contacts.queries.ts';
export {
  findContact,
  findContactsByIds,
  insertContact,
  toContact,
  updateContact,
} from './contacts.service.ts';
