// The public surface of the session module: what other modules and the platform use from it.
export { findApiKeyIdentity, findSessionIdentity, type TSessionIdentity } from './session.queries.ts';
export { endSessions, listMemberships, toSession } from './session.service.ts';
