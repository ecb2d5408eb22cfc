export { contactPath, contactRoute, contactsPath } from './contact-paths.ts';
export { ContactPicker } from './contact-picker.tsx';
export { CountrySelect } from './country-select.tsx';
export { contactQueryOptions, useContact } from './get-contact.ts';
export { useContacts } from './get-contacts.ts';
