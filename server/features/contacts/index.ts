// Contacts: the routes, the service the public API uses, and the records written in a caller's transaction.
export { createContactsRoutes } from './contacts.routes';
export { contactsServiceFor, type ContactsService } from './contacts.service';
export { recordConsent } from './consent.repository';
export { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';
export { recordContactEvents, type NewContactEvent } from './contact-events.repository';
