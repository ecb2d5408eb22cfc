export const sessionCookie = 'pms_session';
export const xsrfCookie = 'XSRF-TOKEN';
export const xsrfHeader = 'x-xsrf-token';
/** The known-device cookie of login throttling, sent to the login only. */
export const deviceCookie = 'pms_device';
