export const sessionCookie = 'pms_session';
export const xsrfCookie = 'XSRF-TOKEN';
export const xsrfHeader = 'x-xsrf-token';
