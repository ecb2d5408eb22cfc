export const loginPath = '/login';
export const profilePath = '/profile';
/** Where the link of a team invitation e-mail leads (the server writes it with `?token=`). */
export const invitationPath = '/team-invitation';

/** Only a path inside the app may be a redirect target: no other origin, no loop back to login. */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (target === loginPath || target.startsWith(`${loginPath}?`) || target.startsWith(`${loginPath}/`))
    return '/';
  return target;
}
